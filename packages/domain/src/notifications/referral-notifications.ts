import type { EmailNotificationField } from '../profile/profile-schemas.ts';
import type { ReferralLifecycleAction } from '../referrals/referral-lifecycle.ts';

/** How one lifecycle action is announced to the other side (referral-lifecycle.md Notifications). */
export type ReferralNotificationRule = {
  /** The side that acts; the other side is notified. */
  readonly by: 'sender' | 'receiver';
  readonly title: string;
  /**
   * The sentence, naming who acted (their establishment). The patient is named only inside the app: mail
   * leaves the system, so its sentence is made without one.
   */
  readonly text: (who: string, patient: string | null) => string;
  /** The e-mail preference that asks for this notification by mail (section 3); null: in the app only. */
  readonly email: EmailNotificationField | null;
};

const forPatient = (patient: string | null) => (patient ? ` for ${patient}` : '');

/**
 * The transitions that notify the other side, with their words. The rest do not: update edits a draft the
 * receiver cannot see; clone and copy make a new draft; archive, unarchive and delete keep a per-side flag;
 * share notifies whom it was shared with, not the other side; upload to EMR is the receiver's own record.
 */
export const REFERRAL_NOTIFICATIONS: Readonly<
  Partial<Record<ReferralLifecycleAction, ReferralNotificationRule>>
> = {
  submit: {
    by: 'sender',
    title: 'New referral received',
    text: (who, patient) => `${who} sent you a referral${forPatient(patient)}`,
    email: 'email_referral_received',
  },
  view: {
    by: 'receiver',
    title: 'Referral viewed',
    text: (who, patient) => `${who} viewed your referral${forPatient(patient)}`,
    email: 'email_referral_viewed',
  },
  convert: {
    by: 'receiver',
    title: 'Advice request converted into a referral',
    text: (who, patient) => `${who} converted your request for advice${forPatient(patient)} into a referral`,
    // The request now goes the way of a referral they take on: the accepted flag is the one that asks.
    email: 'email_referral_accepted',
  },
  accept: {
    by: 'receiver',
    title: 'Referral accepted',
    text: (who, patient) => `${who} accepted your referral${forPatient(patient)}`,
    email: 'email_referral_accepted',
  },
  waitlist: {
    by: 'receiver',
    title: 'Referral waitlisted',
    text: (who, patient) => `${who} waitlisted your referral${forPatient(patient)}`,
    email: 'email_referral_waitlisted',
  },
  schedule: {
    by: 'receiver',
    title: 'Appointment scheduled',
    text: (who, patient) => `${who} scheduled an appointment for your referral${forPatient(patient)}`,
    email: 'email_referral_scheduled',
  },
  manual_schedule: {
    by: 'receiver',
    title: 'Appointment scheduled',
    text: (who, patient) => `${who} scheduled an appointment for your referral${forPatient(patient)}`,
    email: 'email_referral_scheduled',
  },
  reschedule: {
    by: 'receiver',
    title: 'Appointment rescheduled',
    text: (who, patient) => `${who} rescheduled the appointment for your referral${forPatient(patient)}`,
    email: 'email_referral_scheduled',
  },
  return: {
    by: 'receiver',
    title: 'Referral returned',
    text: (who, patient) => `${who} returned your referral${forPatient(patient)}`,
    email: 'email_referral_returned',
  },
  forward: {
    by: 'receiver',
    title: 'Referral forwarded',
    text: (who, patient) => `${who} forwarded your referral${forPatient(patient)}`,
    email: null,
  },
  recall: {
    by: 'sender',
    title: 'Referral recalled',
    text: (who, patient) => `${who} recalled their referral${forPatient(patient)}`,
    email: null,
  },
  renew: {
    by: 'sender',
    title: 'Referral renewed',
    text: (who, patient) => `${who} renewed their referral${forPatient(patient)}`,
    email: 'email_referral_received',
  },
};

/** The title of a resubmitted (recalled, then submitted again) referral: the receiver sees it as updated. */
export const UPDATED_REFERRAL_TITLE = 'Updated referral received';

/** A request for advice and guidance is announced as the question it is, not as a referral. */
const ADVICE_REQUEST_SUBMITTED: ReferralNotificationRule = {
  by: 'sender',
  title: 'Advice requested',
  text: (who, patient) => `${who} asked you for advice${forPatient(patient)}`,
  email: 'email_referral_received',
};

/**
 * How a transition is announced, or null when it notifies nobody (referral-lifecycle.md Notifications).
 * A resubmission after a recall is titled as an update.
 */
export function referralNotificationFor(
  action: ReferralLifecycleAction,
  options: { is_updated?: boolean; type?: string } = {},
): ReferralNotificationRule | null {
  const rule = REFERRAL_NOTIFICATIONS[action];
  if (!rule) return null;
  if (action === 'submit' && options.type === 'ADVICE_AND_GUIDANCE') return ADVICE_REQUEST_SUBMITTED;
  return action === 'submit' && options.is_updated ? { ...rule, title: UPDATED_REFERRAL_TITLE } : rule;
}

/**
 * Who sent an EXTERNAL referral, as its notification names them: it comes from no establishment, and the
 * sender's own name stays out of mail (a patient sending for themselves is patient data).
 */
export const PORTAL_SENDER = 'Someone on your public referral portal';

/** At most this many colleagues are notified for a referral with no assignee (shared inbox staff). */
export const MAX_SHARED_INBOX_RECIPIENTS = 20;

/**
 * A file that came back through a referral's emailed link (docs/external-access.md, Files): the receiver
 * side is told in the app, as it is of a referral sent to it. The sentence names who sent it by their part
 * (a link is not a person in the product), never the file's name, which can name the patient.
 */
export function linkUploadNotification(options: {
  consentForm: boolean;
  audience: 'sender' | 'patient' | 'shared';
}): ReferralNotificationRule {
  const who =
    options.audience === 'sender'
      ? 'The referrer'
      : options.audience === 'patient'
        ? 'The patient'
        : 'Someone with the referral’s link';
  return options.consentForm
    ? {
        by: 'sender',
        title: 'Signed consent form received',
        text: (_, patient) => `${who} sent the signed consent form${forPatient(patient)}`,
        email: null,
      }
    : {
        by: 'sender',
        title: 'Files received',
        text: (_, patient) => `${who} sent a file for the referral${forPatient(patient)}`,
        email: null,
      };
}
