import { and, asc, count, eq, gt, max, or, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  caseConferenceEventKinds,
  caseConferenceStatuses,
  participantStatuses,
  type CaseConferenceEventKind,
  type CaseConferenceStatus,
  type ParticipantStatus,
} from '@referrals/domain/case-conferences/case-conference-codes';
import {
  allowedCaseConferenceActions,
  isCaseConferenceReadOnly,
} from '@referrals/domain/case-conferences/case-conference-lifecycle';
import type {
  CaseConference,
  CaseConferenceEvent,
  CaseConferenceParticipant,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { personName } from '@referrals/domain/people/person-name';
import { referralStatuses, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import { queryRows, type Queryable } from '../../db/database.ts';
import { caseConferenceEvents, caseConferenceParticipants } from '../../db/schema/case-conferences.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { users } from '../../db/schema/people.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import type { CaseConferenceAccess } from './case-conference-access.ts';

type NameColumns = { title: string | null; first_name: string; last_name: string };
const personRef = (id: string, person: NameColumns) => ({ id, name: personName(person) });
const iso = (value: Date | null) => (value ? value.toISOString() : null);

type ReferralFacts = {
  patient: { first_name: string; last_name: string } | null;
  sender: string | null;
  receiver: string | null;
};

/** The referral a conference is about, as its page and lists show it (CaseConferenceReferralSchema). */
export async function conferenceReferral(q: Queryable, referral: ReferralRow) {
  const [facts] = await queryRows<ReferralFacts>(
    q,
    sql`select
      (select json_build_object('first_name', first_name, 'last_name', last_name)
        from patients where id = ${referral.patient_id}) as patient,
      (select name from establishments where id = ${referral.from_establishment_id}) as sender,
      (select name from establishments where id = ${referral.to_establishment_id}) as receiver`,
  );
  return {
    id: referral.id,
    status: referralStatuses.coded(referral.status as ReferralStatus),
    patient: facts?.patient ?? null,
    from_establishment:
      referral.from_establishment_id && facts?.sender
        ? { id: referral.from_establishment_id, name: facts.sender }
        : null,
    to_establishment:
      referral.to_establishment_id && facts?.receiver
        ? { id: referral.to_establishment_id, name: facts.receiver }
        : null,
  };
}

/**
 * The condition on case_conference_events for the messages a participant has not read: messages by
 * others after their read mark. One range scan of case_conference_events_messages_idx.
 */
export function unreadMessages(conferenceId: string, userId: string, lastRead: number): SQL {
  return and(
    eq(caseConferenceEvents.conference_id, conferenceId),
    eq(caseConferenceEvents.kind, 'message'),
    gt(caseConferenceEvents.id, lastRead),
    or(isNull(caseConferenceEvents.author_id), ne(caseConferenceEvents.author_id, userId)),
  ) as SQL;
}

/** The participants of a conference with their names and establishments: the owner, then by arrival and name. */
async function participantsOf(q: Queryable, conferenceId: string, ownerId: string, callerId: string) {
  const rows = await q
    .select({
      user_id: caseConferenceParticipants.user_id,
      title: users.title,
      first_name: users.first_name,
      last_name: users.last_name,
      status: caseConferenceParticipants.status,
      side: caseConferenceParticipants.side,
      establishment_id: caseConferenceParticipants.establishment_id,
      establishment_name: establishments.name,
      last_read_event_id: caseConferenceParticipants.last_read_event_id,
    })
    .from(caseConferenceParticipants)
    .innerJoin(users, eq(users.id, caseConferenceParticipants.user_id))
    .innerJoin(establishments, eq(establishments.id, caseConferenceParticipants.establishment_id))
    .where(eq(caseConferenceParticipants.conference_id, conferenceId))
    .orderBy(
      asc(caseConferenceParticipants.created_at),
      asc(users.last_name),
      asc(users.first_name),
      asc(caseConferenceParticipants.user_id),
    );
  return rows
    .map((row): CaseConferenceParticipant => ({
      user: personRef(row.user_id, row),
      status: participantStatuses.coded(row.status as ParticipantStatus),
      side: row.side === 'receiver' ? 'receiver' : 'sender',
      establishment: { id: row.establishment_id, name: row.establishment_name },
      is_owner: row.user_id === ownerId,
      is_you: row.user_id === callerId,
      last_read_event_id: row.last_read_event_id === null ? null : String(row.last_read_event_id),
    }))
    .sort((a, b) => Number(b.is_owner) - Number(a.is_owner));
}

/** The names of the owner and of whoever closed the conference. */
async function namesOf(q: Queryable, ids: string[]): Promise<Map<string, NameColumns>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: users.id, title: users.title, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The caller's view of the referral's conference (GET referrals/{id}/case/ and every action's answer). */
export async function conferenceDetail(
  q: Queryable,
  access: CaseConferenceAccess,
  userId: string,
): Promise<CaseConference> {
  const { conference, participant, context } = access;
  if (!conference) throw new Error('conferenceDetail needs a conference');
  const names = await namesOf(q, [
    conference.owner_id,
    ...(conference.closed_by_id ? [conference.closed_by_id] : []),
  ]);
  const name = (id: string) => personRef(id, names.get(id) ?? { title: null, first_name: '', last_name: '' });
  const [last] = await q
    .select({ id: max(caseConferenceEvents.id) })
    .from(caseConferenceEvents)
    .where(eq(caseConferenceEvents.conference_id, conference.id));
  const [unread] = participant
    ? await q
        .select({ n: count() })
        .from(caseConferenceEvents)
        .where(unreadMessages(conference.id, userId, participant.last_read_event_id ?? 0))
    : [{ n: 0 }];
  const status = conference.status as CaseConferenceStatus;
  const allowed = allowedCaseConferenceActions(context).filter(
    (action) => action !== 'create' || access.seesReferral,
  );
  return {
    id: conference.id,
    referral: await conferenceReferral(q, access.referral),
    status: caseConferenceStatuses.coded(status),
    owner: name(conference.owner_id),
    started_at: conference.started_at.toISOString(),
    ends_at: conference.ends_at.toISOString(),
    closed_at: iso(conference.closed_at),
    closed_by: conference.closed_by_id ? name(conference.closed_by_id) : null,
    is_owner: context.isOwner,
    can_join: allowed.includes('join'),
    participant_status: context.participantStatus
      ? participantStatuses.coded(context.participantStatus)
      : null,
    is_read_only: isCaseConferenceReadOnly(context),
    side: context.side,
    allowed_actions: allowed,
    participants: await participantsOf(q, conference.id, conference.owner_id, userId),
    unread: Number(unread?.n ?? 0),
    last_event_id: last?.id == null ? null : String(last.id),
    archive_pdf: status === 'closed' ? `/api/referrals/${access.referral.id}/case/archive/` : null,
  };
}

/** The events of a conference as the API sends them, with the names of who wrote and who was invited. */
export async function eventsOf(
  q: Queryable,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<CaseConferenceEvent[]> {
  const rows = await q
    .select()
    .from(caseConferenceEvents)
    .where(where)
    .orderBy(asc(caseConferenceEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  const people = new Set<string>();
  for (const row of rows) {
    if (row.author_id) people.add(row.author_id);
    if (row.participant_id) people.add(row.participant_id);
  }
  const names = await namesOf(q, [...people]);
  const ref = (id: string | null) => {
    const person = id ? names.get(id) : undefined;
    return id && person ? personRef(id, person) : null;
  };
  return rows.map((row) => ({
    id: String(row.id),
    kind: caseConferenceEventKinds.coded(row.kind as CaseConferenceEventKind),
    created_at: row.created_at.toISOString(),
    author: ref(row.author_id),
    participant: ref(row.participant_id),
    message: row.message,
  }));
}

/** A conference's thread: all of it for a page, or what is newer than an event for polling. */
export function threadOf(conferenceId: string, after?: number): SQL {
  return (
    after === undefined
      ? eq(caseConferenceEvents.conference_id, conferenceId)
      : and(eq(caseConferenceEvents.conference_id, conferenceId), gt(caseConferenceEvents.id, after))
  ) as SQL;
}
