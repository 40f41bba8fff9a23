import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  caseConferenceStatuses,
  type CaseConferenceStatus,
  type ParticipantStatus,
} from '@referrals/domain/case-conferences/case-conference-codes';
import {
  caseConferenceRefusedMessage,
  caseConferenceStatusAllows,
  mayTakeCaseConferenceAction,
  type CaseConferenceAction,
  type CaseConferenceContext,
} from '@referrals/domain/case-conferences/case-conference-lifecycle';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../db/database.ts';
import { caseConferenceParticipants, caseConferences } from '../../db/schema/case-conferences.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { conflict, notFound, permissionDenied } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { auditActorOf, type AuditActor } from '../audit/record-audit.ts';
import { findVisibleReferral, type ReferralRow } from '../referrals/referral-queries.ts';
import { referralEstablishmentOf, visibleSideOf } from '../referrals/referral-visibility.ts';
import { callerOf, type Caller } from '../tenancy/caller.ts';

export type ConferenceRow = typeof caseConferences.$inferSelect;
export type ParticipantRow = typeof caseConferenceParticipants.$inferSelect;

/** Who asks about one referral's case conference: the caller, their audit actor and the referral id. */
export type CaseConferenceCall = { caller: Caller; actor: AuditActor; referralId: string };

/** The call about a referral's conference; no establishment or a malformed id is the 404 of a missing one. */
export async function caseConferenceCall(
  request: FastifyRequest,
  referralId: string,
): Promise<CaseConferenceCall> {
  const caller = await callerOf(request);
  if (referralEstablishmentOf(caller) === null || !isUuid(referralId)) throw notFound();
  return { caller, actor: auditActorOf(request, caller), referralId };
}

/** What the caller may reach of a referral's conferences, found under the transaction's locks. */
export type CaseConferenceAccess = {
  referral: ReferralRow;
  /** The referral's newest conference, or null when none was ever started. */
  conference: ConferenceRow | null;
  /** The caller's row in that conference, when they act for the establishment they take part for. */
  participant: ParticipantRow | null;
  /** Everyone's rows in that conference, as they were when the access was found. */
  participants: ParticipantRow[];
  side: ReferralSideOfCaller;
  /** False for someone who reaches it only as a participant: they take part, but start nothing. */
  seesReferral: boolean;
  context: CaseConferenceContext;
};

/**
 * The referral of a conference the caller takes part in without seeing the referral otherwise: a colleague
 * invited from either establishment who is neither the referrer, the assignee nor has shared access.
 * Their participant row counts only while they act for the establishment they were invited from.
 */
async function referralThroughParticipation(
  tx: Transaction,
  caller: Caller,
  referralId: string,
  lock: boolean,
): Promise<{ referral: ReferralRow; side: ReferralSideOfCaller } | null> {
  const establishmentId = referralEstablishmentOf(caller);
  if (establishmentId === null) return null;
  const [taking] = await tx
    .select({ side: caseConferenceParticipants.side })
    .from(caseConferenceParticipants)
    .innerJoin(caseConferences, eq(caseConferences.id, caseConferenceParticipants.conference_id))
    .where(
      and(
        eq(caseConferences.referral_id, referralId),
        eq(caseConferenceParticipants.user_id, caller.userId),
        eq(caseConferenceParticipants.establishment_id, establishmentId),
      ),
    )
    .orderBy(desc(caseConferences.started_at))
    .limit(1);
  if (!taking) return null;
  const query = tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.id, referralId), sql`not ${referrals.is_deleted}`));
  const [referral] = lock ? await query.for('update') : await query;
  if (!referral) return null;
  return { referral, side: taking.side === 'receiver' ? 'receiver' : 'sender' };
}

/**
 * Case conference tenancy, in one place (house-style: one visibility function per entity). The caller
 * reaches a referral's conference when they may see the referral (referralsVisibleTo: either side, or an
 * establishment it was shared with, which reads only) or take part in one of its conferences for their
 * current establishment. Anyone else gets the 404 of a missing referral. `lock` locks the referral and
 * the conference rows, so actions on one conference run one after the other.
 */
export async function findCaseConferenceAccess(
  tx: Transaction,
  call: CaseConferenceCall,
  options: { lock?: boolean } = {},
): Promise<CaseConferenceAccess | null> {
  const { caller, referralId } = call;
  const lock = options.lock === true;
  const visible = await findVisibleReferral(tx, caller, referralId, { lock });
  const reached = visible
    ? { referral: visible, side: visibleSideOf(caller, visible) }
    : await referralThroughParticipation(tx, caller, referralId, lock);
  if (!reached) return null;
  const newest = tx
    .select()
    .from(caseConferences)
    .where(eq(caseConferences.referral_id, referralId))
    .orderBy(desc(caseConferences.started_at), desc(caseConferences.id))
    .limit(1);
  const [conference] = lock ? await newest.for('update') : await newest;
  const establishmentId = referralEstablishmentOf(caller);
  // Every participant's row at once (a handful, by the conference's key): the caller's is among them,
  // and a poll of the thread answers the others' read marks from them.
  const participants = conference
    ? await tx
        .select()
        .from(caseConferenceParticipants)
        .where(eq(caseConferenceParticipants.conference_id, conference.id))
    : [];
  const participant = participants.find((row) => row.user_id === caller.userId);
  const counts = participant !== undefined && participant.establishment_id === establishmentId;
  return {
    referral: reached.referral,
    conference: conference ?? null,
    participant: counts ? participant : null,
    participants,
    side: reached.side,
    seesReferral: visible !== undefined,
    context: {
      status: (conference?.status as CaseConferenceStatus | undefined) ?? 'none',
      side: reached.side,
      isOwner: conference !== undefined && conference.owner_id === caller.userId,
      participantStatus: counts ? (participant.status as ParticipantStatus) : null,
    },
  };
}

/** Runs `work` in one transaction on a referral whose conference the caller may reach (else 404). */
export function inCaseConference<T>(
  db: Database,
  call: CaseConferenceCall & { lock?: boolean },
  work: (tx: Transaction, access: CaseConferenceAccess) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const access = await findCaseConferenceAccess(tx, call, { lock: call.lock });
    if (!access) throw notFound();
    return work(tx, access);
  });
}

/**
 * Checks the lifecycle table for an action, with the rows locked: 404 when there is no conference to act
 * on, 403 when the caller is not the kind of person who may take it, 409 naming the status when the
 * conference's status refuses it (a message to a closed conference, section 4).
 */
export function checkCaseConferenceAction(access: CaseConferenceAccess, action: CaseConferenceAction): void {
  const { context } = access;
  if (action !== 'create' && !access.conference) throw notFound();
  if (!mayTakeCaseConferenceAction(action, context)) throw permissionDenied();
  // Starting one is for those who see the referral (section 4), not a colleague who was only invited.
  if (action === 'create' && !access.seesReferral) throw permissionDenied();
  if (context.status !== 'none' && !caseConferenceStatusAllows(action, context.status)) {
    throw conflict(
      caseConferenceRefusedMessage(action, context.status),
      caseConferenceStatuses.coded(context.status),
    );
  }
}

/** The access after a change: the conference and the caller's row as they now are, the context from them. */
export function accessAfter(
  access: CaseConferenceAccess,
  conference: ConferenceRow,
  participant: ParticipantRow | null,
  userId: string,
): CaseConferenceAccess {
  return {
    ...access,
    conference,
    participant,
    context: {
      ...access.context,
      status: conference.status as CaseConferenceStatus,
      isOwner: conference.owner_id === userId,
      participantStatus: participant ? (participant.status as ParticipantStatus) : null,
    },
  };
}
