import { and, eq, sql } from 'drizzle-orm';
import type {
  CaseConference,
  CaseConferenceRead,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import type { Database } from '../../db/database.ts';
import { caseConferenceEvents, caseConferenceParticipants } from '../../db/schema/case-conferences.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import {
  accessAfter,
  checkCaseConferenceAction,
  inCaseConference,
  type CaseConferenceCall,
} from './case-conference-access.ts';
import { conferenceDetail } from './case-conference-queries.ts';

export const NO_SUCH_MESSAGE = 'There is no such event in this case conference.';

/**
 * POST referrals/{id}/case/read/ (section 7: messageId): the caller has read the thread up to this event.
 * The mark only moves forward, so a late request from an older tab cannot bring messages back as unread.
 */
export async function markCaseConferenceRead(
  db: Database,
  options: CaseConferenceCall & { body: CaseConferenceRead; now: Date },
): Promise<CaseConference> {
  const { caller, now } = options;
  const eventId = Number(options.body.message_id);
  return inCaseConference(db, { ...options, lock: true }, async (tx, access) => {
    checkCaseConferenceAction(access, 'read');
    const { conference, referral } = access;
    if (!conference) throw new Error('read passed its checks');
    const [event] = await tx
      .select({ id: caseConferenceEvents.id })
      .from(caseConferenceEvents)
      .where(
        and(eq(caseConferenceEvents.id, eventId), eq(caseConferenceEvents.conference_id, conference.id)),
      );
    if (!event) throw validationFailed({ message_id: [NO_SUCH_MESSAGE] });
    const [row] = await tx
      .update(caseConferenceParticipants)
      .set({
        last_read_event_id: sql`greatest(coalesce(${caseConferenceParticipants.last_read_event_id}, 0), ${eventId})`,
        last_read_at: now,
        updated_at: now,
      })
      .where(
        and(
          eq(caseConferenceParticipants.conference_id, conference.id),
          eq(caseConferenceParticipants.user_id, caller.userId),
        ),
      )
      .returning();
    if (!row) throw new Error('case conference read mark changed nothing');
    await recordAudit(tx, options.actor, {
      action: 'case_conference.mark-read',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id, event_id: eventId },
    });
    return conferenceDetail(tx, accessAfter(access, conference, row, caller.userId), caller.userId);
  });
}
