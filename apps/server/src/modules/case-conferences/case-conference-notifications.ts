import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CaseConferenceEventKind } from '@referrals/domain/case-conferences/case-conference-codes';
import type { CaseConferenceNotificationDetails } from '@referrals/domain/case-conferences/case-conference-schemas';
import {
  CASE_CONFERENCE_EMAIL,
  CASE_CONFERENCE_NOTIFICATIONS,
} from '@referrals/domain/case-conferences/case-conference-texts';
import { personName } from '@referrals/domain/people/person-name';
import type { Transaction } from '../../db/database.ts';
import { insertBuiltOnce } from '../../db/prepared-shapes.ts';
import { caseConferenceParticipants } from '../../db/schema/case-conferences.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import { notificationFacts } from '../notifications/create-notifications.ts';
import { notificationEmail } from '../notifications/notification-mail.ts';
import type { ReferralRow } from '../referrals/referral-queries.ts';
import type { ConferenceRow } from './case-conference-access.ts';

/** The referral's conference tab, as the notification mail links to it (spec section 2: tab=conference). */
export const conferencePagePath = (referralId: string) => `/referrals/${referralId}?tab=conference`;

/**
 * Notifies a conference's participants of an event (docs/case-conferences.md Notifications), in the
 * transaction that wrote it: the invited person of participant_invited; everyone invited or taking part
 * of the rest; never the person who acted, nor anyone who left. Each gets an in-app notification (which
 * names the patient) and, when their CASE_CONFERENCE_EMAIL preference is on, a mail with the title, a
 * sentence without the patient and a link (mail leaves the system: no patient data).
 */
export async function notifyCaseConference(
  tx: Transaction,
  options: {
    conference: ConferenceRow;
    referral: ReferralRow;
    kind: CaseConferenceEventKind;
    /** Who acted; null for the job's warning and close. */
    actorId: string | null;
    /** participant_invited: the people invited; else everyone invited or taking part is told. */
    invited?: string[];
  },
): Promise<void> {
  const { conference, referral, kind, actorId } = options;
  const told = await tx
    .select({
      user_id: caseConferenceParticipants.user_id,
      establishment_id: caseConferenceParticipants.establishment_id,
      side: caseConferenceParticipants.side,
    })
    .from(caseConferenceParticipants)
    .where(
      and(
        eq(caseConferenceParticipants.conference_id, conference.id),
        ne(caseConferenceParticipants.status, 'left'),
        options.invited ? inArray(caseConferenceParticipants.user_id, options.invited) : sql`true`,
        actorId ? ne(caseConferenceParticipants.user_id, actorId) : sql`true`,
      ),
    );
  if (told.length === 0) return;
  const facts = await notificationFacts(tx, {
    establishment: null,
    patient: referral.patient_id,
    actor: actorId,
    recipients: told.map((row) => row.user_id),
  });
  const rule = CASE_CONFERENCE_NOTIFICATIONS[kind];
  const who = facts.actor ? personName(facts.actor) : null;
  const patient = facts.patient ? personName(facts.patient) : null;
  await insertBuiltOnce(
    tx,
    notifications,
    told.map((row) => {
      const details: CaseConferenceNotificationDetails = {
        referral_id: referral.id,
        conference_id: conference.id,
        access: row.side === 'receiver' ? 'receiver' : 'sender',
        actioned_by: { id: actorId, name: who ?? '' },
      };
      return {
        user_id: row.user_id,
        establishment_id: row.establishment_id,
        scope: 'case_conference',
        action: kind,
        title: rule.title,
        text: rule.text(who, patient),
        subject_id: conference.id,
        subject_details: details,
      };
    }),
  );
  for (const recipient of facts.recipients) {
    if (recipient.email_notifications[CASE_CONFERENCE_EMAIL] !== true) continue;
    await queueMail(
      tx,
      notificationEmail({
        to: recipient.email,
        first_name: recipient.first_name,
        title: rule.title,
        sentence: rule.text(who, null),
        link: conferencePagePath(referral.id),
        scope: 'referral',
      }),
    );
  }
}
