import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  caseConferenceStatuses,
  participantStatuses,
  type CaseConferenceStatus,
  type ParticipantStatus,
} from '@referrals/domain/case-conferences/case-conference-codes';
import type {
  CaseConferenceStats,
  InvitedCaseConference,
  InvitedCaseConferencesQuery,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { referralStatuses, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import type { Database, Queryable } from '../../db/database.ts';
import {
  caseConferenceEvents,
  caseConferenceParticipants,
  caseConferences,
} from '../../db/schema/case-conferences.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { patients } from '../../db/schema/patients.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { pageWindow } from '../../http/paging.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { referralEstablishmentOf } from '../referrals/referral-visibility.ts';
import type { Caller } from '../tenancy/caller.ts';

/** Messages by others after the participant's read mark (the unread count), per row of the join below. */
const unreadCount = sql<number>`(select count(*) from ${caseConferenceEvents} e
  where e.conference_id = ${caseConferenceParticipants.conference_id} and e.kind = 'message'
    and e.id > coalesce(${caseConferenceParticipants.last_read_event_id}, 0)
    and e.author_id is distinct from ${caseConferenceParticipants.user_id})`;

/**
 * The conferences the caller is invited to or takes part in for their current establishment, on referrals
 * still there (not emptied from the trash): their participant rows, which the navigation's counters and
 * GET referrals/cases/invited/ both read through case_conference_participants_user_idx.
 */
function myConferences(caller: Caller, filters: SQL[] = []): SQL {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return sql`false`;
  return and(
    eq(caseConferenceParticipants.user_id, caller.userId),
    eq(caseConferenceParticipants.establishment_id, establishmentId),
    inArray(caseConferenceParticipants.status, ['invited', 'joined']),
    sql`not ${referrals.is_deleted}`,
    ...filters,
  ) as SQL;
}

/**
 * GET referrals/cases/invited/: the caller's conferences, newest first, `status` and `box` narrowing them
 * (inbox: taking part for the receiving side; outbox: for the sending side). Each row names the patient,
 * so each is written to the audit log as a read of its conference.
 */
export async function listInvitedCaseConferences(
  db: Database,
  options: { caller: Caller; actor: AuditActor; query: InvitedCaseConferencesQuery },
): Promise<{ count: number; results: InvitedCaseConference[] }> {
  const { caller, query } = options;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(caseConferences.status, query.status));
  if (query.box)
    filters.push(eq(caseConferenceParticipants.side, query.box === 'inbox' ? 'receiver' : 'sender'));
  const where = myConferences(caller, filters);
  const sender = alias(establishments, 'sender');
  const receiver = alias(establishments, 'receiver');
  return db.transaction(async (tx) => {
    const [total] = await tx
      .select({ n: count() })
      .from(caseConferenceParticipants)
      .innerJoin(caseConferences, eq(caseConferences.id, caseConferenceParticipants.conference_id))
      .innerJoin(referrals, eq(referrals.id, caseConferences.referral_id))
      .where(where);
    const { limit, offset } = pageWindow(query);
    const rows = await tx
      .select({
        conference: caseConferences,
        participant_status: caseConferenceParticipants.status,
        side: caseConferenceParticipants.side,
        referral_status: referrals.status,
        patient_id: referrals.patient_id,
        from_id: referrals.from_establishment_id,
        to_id: referrals.to_establishment_id,
        patient_first: patients.first_name,
        patient_last: patients.last_name,
        sender_name: sender.name,
        receiver_name: receiver.name,
        unread: unreadCount,
        last_event_at: sql<string | null>`(select max(e.created_at) from ${caseConferenceEvents} e
          where e.conference_id = ${caseConferences.id})`,
      })
      .from(caseConferenceParticipants)
      .innerJoin(caseConferences, eq(caseConferences.id, caseConferenceParticipants.conference_id))
      .innerJoin(referrals, eq(referrals.id, caseConferences.referral_id))
      .leftJoin(patients, eq(patients.id, referrals.patient_id))
      .leftJoin(sender, eq(sender.id, referrals.from_establishment_id))
      .leftJoin(receiver, eq(receiver.id, referrals.to_establishment_id))
      .where(where)
      .orderBy(desc(caseConferences.started_at), desc(caseConferences.id))
      .limit(limit)
      .offset(offset);
    const results: InvitedCaseConference[] = [];
    for (const row of rows) {
      const { conference } = row;
      await recordAudit(tx, options.actor, {
        action: 'case_conference.list',
        resourceType: 'case_conference',
        resourceId: conference.id,
        patientId: row.patient_id,
        detail: { referral_id: conference.referral_id },
      });
      results.push({
        id: conference.id,
        referral: {
          id: conference.referral_id,
          status: referralStatuses.coded(row.referral_status as ReferralStatus),
          patient:
            row.patient_first !== null && row.patient_last !== null
              ? { first_name: row.patient_first, last_name: row.patient_last }
              : null,
          from_establishment:
            row.from_id && row.sender_name ? { id: row.from_id, name: row.sender_name } : null,
          to_establishment:
            row.to_id && row.receiver_name ? { id: row.to_id, name: row.receiver_name } : null,
        },
        status: caseConferenceStatuses.coded(conference.status as CaseConferenceStatus),
        ends_at: conference.ends_at.toISOString(),
        closed_at: conference.closed_at ? conference.closed_at.toISOString() : null,
        is_owner: conference.owner_id === caller.userId,
        participant_status: participantStatuses.coded(row.participant_status as ParticipantStatus),
        side: row.side === 'receiver' ? 'receiver' : 'sender',
        unread: Number(row.unread),
        last_event_at: row.last_event_at === null ? null : new Date(row.last_event_at).toISOString(),
      });
    }
    return { count: Number(total?.n ?? 0), results };
  });
}

/**
 * GET referrals/cases/stats/: the navigation's Case Conferences counters (section 2 Layout) for the
 * current establishment: per box, the active conferences the caller is invited to or takes part in and
 * their unread messages. One statement, polled with the referral counters.
 */
export async function caseConferenceStats(q: Queryable, caller: Caller): Promise<CaseConferenceStats> {
  const rows = await q
    .select({
      side: caseConferenceParticipants.side,
      active: count(),
      unread: sql<number>`coalesce(sum(${unreadCount}), 0)`,
    })
    .from(caseConferenceParticipants)
    .innerJoin(caseConferences, eq(caseConferences.id, caseConferenceParticipants.conference_id))
    .innerJoin(referrals, eq(referrals.id, caseConferences.referral_id))
    .where(myConferences(caller, [eq(caseConferences.status, 'active')]))
    .groupBy(caseConferenceParticipants.side);
  const of = (side: string) => {
    const row = rows.find((entry) => entry.side === side);
    return { active: Number(row?.active ?? 0), unread: Number(row?.unread ?? 0) };
  };
  return { inbox: of('receiver'), outbox: of('sender') };
}
