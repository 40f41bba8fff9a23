import { eq } from 'drizzle-orm';
import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import type { Database } from '../../db/database.ts';
import { caseConferences } from '../../db/schema/case-conferences.ts';
import { recordAudit } from '../audit/record-audit.ts';
import {
  accessAfter,
  checkCaseConferenceAction,
  inCaseConference,
  type CaseConferenceCall,
} from './case-conference-access.ts';
import { writeCaseConferenceEvent } from './case-conference-events.ts';
import { notifyCaseConference } from './case-conference-notifications.ts';
import { conferenceDetail } from './case-conference-queries.ts';

/**
 * POST referrals/{id}/case/close/: the owner ends the conference before its 14 days are up (section 4,
 * close). It becomes read-only for everyone, gets its closed event, and its participants are told.
 */
export async function closeCaseConference(
  db: Database,
  options: CaseConferenceCall & { now: Date },
): Promise<CaseConference> {
  const { caller, now } = options;
  return inCaseConference(db, { ...options, lock: true }, async (tx, access) => {
    checkCaseConferenceAction(access, 'close');
    const { conference: open, referral } = access;
    if (!open) throw new Error('close passed its checks');
    const [conference] = await tx
      .update(caseConferences)
      .set({ status: 'closed', closed_at: now, closed_by_id: caller.userId, updated_at: now })
      .where(eq(caseConferences.id, open.id))
      .returning();
    if (!conference) throw new Error('case conference close changed nothing');
    await writeCaseConferenceEvent(tx, {
      conferenceId: conference.id,
      kind: 'closed',
      authorId: caller.userId,
      now,
    });
    await notifyCaseConference(tx, { conference, referral, kind: 'closed', actorId: caller.userId });
    await recordAudit(tx, options.actor, {
      action: 'case_conference.close',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id },
    });
    return conferenceDetail(
      tx,
      accessAfter(access, conference, access.participant, caller.userId),
      caller.userId,
    );
  });
}
