import { and, eq } from 'drizzle-orm';
import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import type { Database } from '../../db/database.ts';
import { caseConferenceParticipants } from '../../db/schema/case-conferences.ts';
import { recordAudit } from '../audit/record-audit.ts';
import {
  accessAfter,
  checkCaseConferenceAction,
  inCaseConference,
  type CaseConferenceCall,
} from './case-conference-access.ts';
import { conferenceDetail } from './case-conference-queries.ts';

/**
 * POST referrals/{id}/case/leave/: someone invited or taking part stops (section 4, leave); the owner
 * closes the conference instead. They are told of nothing more, and may join again while it is active.
 */
export async function leaveCaseConference(
  db: Database,
  options: CaseConferenceCall & { now: Date },
): Promise<CaseConference> {
  const { caller, now } = options;
  return inCaseConference(db, { ...options, lock: true }, async (tx, access) => {
    checkCaseConferenceAction(access, 'leave');
    const { conference, referral } = access;
    if (!conference) throw new Error('leave passed its checks');
    const [row] = await tx
      .update(caseConferenceParticipants)
      .set({ status: 'left', updated_at: now })
      .where(
        and(
          eq(caseConferenceParticipants.conference_id, conference.id),
          eq(caseConferenceParticipants.user_id, caller.userId),
        ),
      )
      .returning();
    if (!row) throw new Error('case conference leave changed nothing');
    await recordAudit(tx, options.actor, {
      action: 'case_conference.leave',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id },
    });
    return conferenceDetail(tx, accessAfter(access, conference, row, caller.userId), caller.userId);
  });
}
