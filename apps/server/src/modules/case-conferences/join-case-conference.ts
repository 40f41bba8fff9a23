import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import type { Database } from '../../db/database.ts';
import { caseConferenceParticipants } from '../../db/schema/case-conferences.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { referralEstablishmentOf } from '../referrals/referral-visibility.ts';
import {
  accessAfter,
  checkCaseConferenceAction,
  inCaseConference,
  type CaseConferenceCall,
} from './case-conference-access.ts';
import { conferenceDetail } from './case-conference-queries.ts';

/**
 * POST referrals/{id}/case/join/: the caller takes part in the referral's active conference (section 4,
 * join): someone invited, someone who left, or anyone on either side of the referral who was not asked.
 * They take part for their current establishment, on the side they see the referral from.
 */
export async function joinCaseConference(
  db: Database,
  options: CaseConferenceCall & { now: Date },
): Promise<CaseConference> {
  const { caller, now } = options;
  return inCaseConference(db, { ...options, lock: true }, async (tx, access) => {
    checkCaseConferenceAction(access, 'join');
    const { conference, referral } = access;
    const establishmentId = referralEstablishmentOf(caller);
    if (!conference || !establishmentId || access.side === 'shared')
      throw new Error('join passed its checks');
    const [row] = await tx
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
      // Someone invited or gone comes back on their row, keeping their read mark.
      .onConflictDoUpdate({
        target: [caseConferenceParticipants.conference_id, caseConferenceParticipants.user_id],
        set: { status: 'joined', establishment_id: establishmentId, side: access.side, updated_at: now },
      })
      .returning();
    if (!row) throw new Error('case conference join returned nothing');
    await recordAudit(tx, options.actor, {
      action: 'case_conference.join',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id },
    });
    return conferenceDetail(tx, accessAfter(access, conference, row, caller.userId), caller.userId);
  });
}
