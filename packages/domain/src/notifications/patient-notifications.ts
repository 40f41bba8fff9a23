import { formatDateTime } from '../dates.ts';
import type { ReferralLifecycleAction } from '../referrals/referral-lifecycle.ts';

/** What a patient mail needs of the referral and the establishments it is between. */
export type PatientMailFacts = {
  sender: string;
  receiver: string;
  appointment_date: string | null;
  appointment_location: string | null;
  show_appointment_details: boolean;
  /** The receiver's state, for the appointment's local time (section 9 time zones). */
  receiver_state: string | null;
};

/** The referral flags a patient mail follows (section 3 Referral: email_notify_patient and the rest). */
export type PatientMailFlags = {
  email_notify_patient: boolean;
  email_copy_to_patient: boolean;
  receiver_email_notify_patient: boolean;
};

export type PatientMailRule = {
  readonly subject: string;
  /** Whether the referral's flags ask for this mail. */
  readonly wanted: (flags: PatientMailFlags) => boolean;
  readonly paragraphs: (facts: PatientMailFacts) => string[];
};

function appointmentLines(facts: PatientMailFacts): string[] {
  if (!facts.show_appointment_details || facts.appointment_date === null) {
    return [`${facts.receiver} will contact you with the details.`];
  }
  const when = `When: ${formatDateTime(facts.appointment_date, facts.receiver_state)}.`;
  return facts.appointment_location ? [when, `Where: ${facts.appointment_location}.`] : [when];
}

const booked: PatientMailRule = {
  subject: 'Your appointment',
  wanted: (flags) => flags.receiver_email_notify_patient,
  paragraphs: (facts) => [`${facts.receiver} has booked an appointment for you.`, ...appointmentLines(facts)],
};

/**
 * The mails a patient gets about their referral (issue 25), as the referral's flags ask: the sender's
 * email_notify_patient or email_copy_to_patient when it is sent, the receiver's receiver_email_notify_patient
 * when the appointment is booked or moved. A patient has no account here: the mail says what happened and
 * who will be in touch, never the reason for the referral, and its subject never names them.
 */
export const PATIENT_NOTIFICATIONS: Readonly<Partial<Record<ReferralLifecycleAction, PatientMailRule>>> = {
  submit: {
    subject: 'Your referral has been sent',
    wanted: (flags) => flags.email_notify_patient || flags.email_copy_to_patient,
    paragraphs: (facts) => [
      `${facts.sender} has sent your referral to ${facts.receiver}.`,
      `${facts.receiver} will contact you about an appointment. If you have not heard from them within two weeks, please call them.`,
    ],
  },
  schedule: booked,
  manual_schedule: booked,
  reschedule: {
    ...booked,
    subject: 'Your appointment has changed',
    paragraphs: (facts) => [`${facts.receiver} has moved your appointment.`, ...appointmentLines(facts)],
  },
};
