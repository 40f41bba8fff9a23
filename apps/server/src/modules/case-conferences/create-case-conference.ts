import { eq } from 'drizzle-orm';
import { caseConferenceEndsAt } from '@referrals/domain/case-conferences/case-conference-lifecycle';
import type {
  CaseConference,
  CaseConferenceCreate,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import type { Database, Transaction } from '../../db/database.ts';
import { caseConferenceParticipants, caseConferences } from '../../db/schema/case-conferences.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { ApiError, conflict } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import { referralEstablishmentOf } from '../referrals/referral-visibility.ts';
import {
  accessAfter,
  checkCaseConferenceAction,
  inCaseConference,
  type CaseConferenceCall,
} from './case-conference-access.ts';
import { queueCaseConferenceDeadlines } from './case-conference-deadlines.ts';
import { inviteesOf, inviteParticipants } from './case-conference-invitations.ts';
import { conferenceDetail } from './case-conference-queries.ts';

export const NOT_ENABLED_MESSAGE = 'The receiving establishment does not hold case conferences.';

/** True when the referral's receiving establishment has case_conferences_enabled (section 3 Establishment). */
async function conferencesEnabled(tx: Transaction, referral: ReferralRow): Promise<boolean> {
  if (!referral.to_establishment_id) return false;
  const [row] = await tx
    .select({ enabled: establishments.case_conferences_enabled })
    .from(establishments)
    .where(eq(establishments.id, referral.to_establishment_id));
  return row?.enabled === true;
}

/**
 * POST referrals/{id}/case/: starts the referral's case conference (section 4 Case conference, create).
 * Either side of a referral that has been submitted may start one when its receiving establishment holds
 * case conferences; the caller owns it and takes part at once, each invitee gets a participant_invited
 * event and a notification. It ends 14 days later (section 9); the deadline job is queued with it. The
 * referral and the conference rows are locked, and a referral has at most one active conference.
 */
export async function createCaseConference(
  db: Database,
  options: CaseConferenceCall & { body: CaseConferenceCreate; now: Date },
): Promise<CaseConference> {
  const { caller, now } = options;
  return inCaseConference(db, { ...options, lock: true }, async (tx, access) => {
    checkCaseConferenceAction(access, 'create');
    const { referral } = access;
    const establishmentId = referralEstablishmentOf(caller);
    if (!establishmentId || access.side === 'shared') throw new Error('create passed the side check');
    if (!(await conferencesEnabled(tx, referral))) throw new ApiError(403, { detail: NOT_ENABLED_MESSAGE });
    const status = referral.status as ReferralStatus;
    if (status === 'DRFT') {
      throw conflict(
        `This referral is ${REFERRAL_STATUSES[status]}: a case conference cannot be started on it.`,
        {
          value: status,
          display: REFERRAL_STATUSES[status],
        },
      );
    }
    const invitedIds = [...new Set(options.body.participants)].filter((id) => id !== caller.userId);
    const invitees = await inviteesOf(tx, referral, invitedIds);
    const [conference] = await tx
      .insert(caseConferences)
      .values({
        referral_id: referral.id,
        owner_id: caller.userId,
        status: 'active',
        started_at: now,
        ends_at: caseConferenceEndsAt(now),
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!conference) throw new Error('case conference insert returned nothing');
    const [owner] = await tx
      .insert(caseConferenceParticipants)
      .values({
        conference_id: conference.id,
        user_id: caller.userId,
        establishment_id: establishmentId,
        side: access.side,
        status: 'joined',
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!owner) throw new Error('case conference owner insert returned nothing');
    await inviteParticipants(tx, { conference, referral, invitees, inviterId: caller.userId, now });
    await queueCaseConferenceDeadlines(tx, conference);
    await recordAudit(tx, options.actor, {
      action: 'case_conference.create',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id, invited: invitees.length },
    });
    return conferenceDetail(tx, accessAfter(access, conference, owner, caller.userId), caller.userId);
  });
}
