import { and, eq } from 'drizzle-orm';
import type {
  CaseConferenceEvent,
  CaseConferenceMessage,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import type { Database } from '../../db/database.ts';
import { caseConferenceEvents, caseConferenceParticipants } from '../../db/schema/case-conferences.ts';
import { recordAudit } from '../audit/record-audit.ts';
import {
  checkCaseConferenceAction,
  inCaseConference,
  type CaseConferenceCall,
} from './case-conference-access.ts';
import { writeCaseConferenceEvent } from './case-conference-events.ts';
import { notifyCaseConference } from './case-conference-notifications.ts';
import { eventsOf } from './case-conference-queries.ts';

/**
 * POST referrals/{id}/case/events/: a message to the referral's conference by someone taking part (section
 * 4 Case conference: the message event). A closed conference takes no more: 409 naming its status. The
 * author's own read mark moves to their message; everyone else invited or taking part is told.
 */
export async function postCaseConferenceMessage(
  db: Database,
  options: CaseConferenceCall & { body: CaseConferenceMessage; now: Date },
): Promise<CaseConferenceEvent> {
  const { caller, now } = options;
  return inCaseConference(db, { ...options, lock: true }, async (tx, access) => {
    checkCaseConferenceAction(access, 'message');
    const { conference, referral } = access;
    if (!conference) throw new Error('message passed its checks');
    const event = await writeCaseConferenceEvent(tx, {
      conferenceId: conference.id,
      kind: 'message',
      authorId: caller.userId,
      message: options.body.message,
      now,
    });
    await tx
      .update(caseConferenceParticipants)
      .set({ last_read_event_id: event.id, last_read_at: now, updated_at: now })
      .where(
        and(
          eq(caseConferenceParticipants.conference_id, conference.id),
          eq(caseConferenceParticipants.user_id, caller.userId),
        ),
      );
    await notifyCaseConference(tx, { conference, referral, kind: 'message', actorId: caller.userId });
    // The audit row says a message was written, never what it says.
    await recordAudit(tx, options.actor, {
      action: 'case_conference.message',
      resourceType: 'case_conference',
      resourceId: conference.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id, event_id: event.id },
    });
    const [written] = await eventsOf(tx, eq(caseConferenceEvents.id, event.id), { limit: 1, offset: 0 });
    if (!written) throw new Error('the message just written was not found');
    return written;
  });
}
