import type { EmailNotificationField } from '../profile/profile-schemas.ts';
import type { ReferralConditionFilter } from '../referrals/referral-dashboard.ts';

/**
 * The daily reminders (issue 25; referral-lifecycle.md Derived conditions): each is a derived condition, the
 * side that must act on it, and the e-mail preference that asks for it by mail (section 3). A referral gets
 * each reminder once for each time it falls due (its expiry, its appointment, its triage category).
 */
export type ReminderRule = {
  /** The list filter (referral-dashboard.ts) whose condition the reminder is about. */
  readonly condition: Extract<ReferralConditionFilter, 'due-for-renewal' | 'appointment-due' | 'overdue'>;
  /** Who is reminded: the referrer (sender) or the receiver side. */
  readonly to: 'sender' | 'receiver';
  readonly title: string;
  /** The sentence; the patient is named only in the app, never in mail. */
  readonly text: (patient: string | null) => string;
  readonly email: EmailNotificationField;
};

const forPatient = (patient: string | null) => (patient ? ` for ${patient}` : '');

export const REMINDERS = {
  renewal_due: {
    condition: 'due-for-renewal',
    to: 'sender',
    title: 'Referral due for renewal',
    text: (patient) => `Your referral${forPatient(patient)} expires within 30 days: renew it if care goes on`,
    email: 'email_referral_renewal_due',
  },
  appointment_due: {
    condition: 'appointment-due',
    to: 'receiver',
    title: 'Appointment due',
    text: (patient) => `The appointment${forPatient(patient)} is within the next 7 days`,
    email: 'email_referral_appointment_due',
  },
  overdue_for_appointment: {
    condition: 'overdue',
    to: 'receiver',
    title: 'Overdue for appointment',
    text: (patient) =>
      `The referral${forPatient(patient)} has not been scheduled within the time its triage category recommends`,
    email: 'email_referral_pending_action',
  },
} as const satisfies Record<string, ReminderRule>;

export type ReminderKind = keyof typeof REMINDERS;
export const REMINDER_KINDS = Object.keys(REMINDERS) as ReminderKind[];
