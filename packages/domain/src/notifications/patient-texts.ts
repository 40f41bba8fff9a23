import { formatDateTime } from '../dates.ts';
import type { ReferralLifecycleAction } from '../referrals/referral-lifecycle.ts';

/** What a text message to the patient needs of the referral and the establishment that booked it. */
export type PatientTextFacts = {
  /** The receiving establishment as the patient knows it (a department with its hospital). */
  receiver: string;
  /** Its phone number, for the patient to call about a change; null leaves the sentence out. */
  receiver_phone: string | null;
  appointment_date: string | null;
  appointment_location: string | null;
  show_appointment_details: boolean;
  /** The receiver's state, for the appointment's local time (section 9 time zones). */
  receiver_state: string | null;
};

/** Longest a name or place may run in a text before it is cut, so a message stays within two segments. */
const LONGEST_PART = 60;

// Typographic punctuation is outside the GSM alphabet: one curly apostrophe would send the whole message as
// UCS-2, 70 characters a segment instead of 160.
const PLAIN_PUNCTUATION: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\u2018\u2019\u201a\u201b\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u2033]/g, '"'],
  [/[\u2012\u2013\u2014\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00a0\u2009\u202f]/g, ' '],
];

function plain(text: string): string {
  return PLAIN_PUNCTUATION.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= LONGEST_PART ? trimmed : `${trimmed.slice(0, LONGEST_PART - 3).trimEnd()}...`;
}

type Wording = { withDetails: string; withoutDetails: string };

function appointmentText(wording: Wording) {
  return (facts: PatientTextFacts): string => {
    const receiver = clip(plain(facts.receiver));
    const details = facts.show_appointment_details && facts.appointment_date !== null;
    const sentence = details
      ? `${receiver} ${wording.withDetails} ${formatDateTime(facts.appointment_date ?? '', facts.receiver_state)}${
          facts.appointment_location?.trim() ? `, at ${clip(plain(facts.appointment_location))}` : ''
        }.`
      : `${receiver} ${wording.withoutDetails} and will contact you with the details.`;
    const call =
      details && facts.receiver_phone?.trim() ? ` To change it, call ${facts.receiver_phone.trim()}.` : '';
    return `${sentence}${call} Please do not reply to this text.`;
  };
}

const booked = appointmentText({
  withDetails: 'has booked your appointment:',
  withoutDetails: 'has booked an appointment for you',
});

/**
 * The text messages a patient gets about their referral (issue 25, SMS) when the receiving establishment
 * has sms_enabled (section 3 Establishment) and the patient has a mobile: when the appointment is booked or
 * moved. Like the mail (PATIENT_NOTIFICATIONS), the time and place only when show_appointment_details is on,
 * never the reason for the referral or any clinical detail; one or two segments long. No "reply STOP": an
 * appointment message is factual, which the Spam Act exempts from an unsubscribe facility, and nothing here
 * reads replies.
 */
export const PATIENT_TEXTS: Readonly<
  Partial<Record<ReferralLifecycleAction, (facts: PatientTextFacts) => string>>
> = {
  schedule: booked,
  manual_schedule: booked,
  reschedule: appointmentText({
    withDetails: 'has moved your appointment to',
    withoutDetails: 'has changed your appointment',
  }),
};
