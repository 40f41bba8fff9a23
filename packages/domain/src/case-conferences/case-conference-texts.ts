import type { EmailNotificationField } from '../profile/profile-schemas.ts';
import type { CaseConferenceEventKind } from './case-conference-codes.ts';

/**
 * The e-mail preference that asks for case conference mail. The spec's flags have none of their own
 * (section 3 Profile); a conference is about one of the recipient's referrals, so "my referral" asks,
 * as "my report" asks for a clinical report's mail. Recorded in docs/case-conferences.md.
 */
export const CASE_CONFERENCE_EMAIL: EmailNotificationField = 'email_my_referral';

/** How one conference event is announced to its participants (docs/case-conferences.md Notifications). */
export type CaseConferenceNotificationRule = {
  readonly title: string;
  /**
   * The sentence. `who` is the person who acted (null for the job's events); the patient is named only in
   * the app: mail leaves the system, so its sentence is made without one.
   */
  readonly text: (who: string | null, patient: string | null) => string;
};

const about = (patient: string | null) => (patient ? ` about ${patient}` : '');

/** The words of each event's notification, by event kind (section 4 Case conference Events). */
export const CASE_CONFERENCE_NOTIFICATIONS: Readonly<
  Record<CaseConferenceEventKind, CaseConferenceNotificationRule>
> = {
  participant_invited: {
    title: 'Case conference invitation',
    text: (who, patient) => `${who ?? 'A colleague'} invited you to a case conference${about(patient)}`,
  },
  message: {
    title: 'New case conference message',
    text: (who, patient) => `${who ?? 'A participant'} wrote in a case conference${about(patient)}`,
  },
  one_day_warning: {
    title: 'Case conference ends tomorrow',
    text: (_who, patient) => `A case conference${about(patient)} closes in one day`,
  },
  closed: {
    title: 'Case conference closed',
    text: (who, patient) =>
      who
        ? `${who} closed a case conference${about(patient)}`
        : `A case conference${about(patient)} has closed`,
  },
};
