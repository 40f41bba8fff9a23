import type { CodedValue } from '../api.ts';
import { PATIENT_REFERRAL_STATUS } from '../my-referrals/my-referral-schemas.ts';
import { REFERRAL_STATUSES, type ReferralStatus } from '../referrals/referral-codes.ts';
import type { AttachmentKind } from '../referrals/forms/attachment-schemas.ts';
import type { ReportRecipient } from '../reports/report-schemas.ts';
import type { AccessAudience } from './external-access-schemas.ts';

/**
 * What each audience of an access link sees of a referral (docs/external-access.md). The sender sees what a
 * referrer sees; the patient, and anyone a link was shared with, what a patient's own account sees
 * (docs/my-referrals.md): the receiver's choices about the patient apply to both, since a shared link may
 * have been passed on by the patient.
 */

/** Whether the reader reads as the referrer (the sender) rather than as the patient. */
export const readsAsSender = (audience: AccessAudience) => audience === 'sender';

/** A status in the reader's words: the clinic's labels for a sender, a patient's words for the patient's side. */
export function statusFor(audience: AccessAudience, status: Exclude<ReferralStatus, 'DRFT'>): CodedValue {
  return {
    value: status,
    display: readsAsSender(audience) ? REFERRAL_STATUSES[status] : PATIENT_REFERRAL_STATUS[status],
  };
}

/** The report recipient a reader stands for: reports addressed to it are theirs (section 3 Report recipients). */
export function reportRecipientOf(audience: AccessAudience): ReportRecipient['type'] {
  return readsAsSender(audience) ? 'referrer' : 'patient';
}

/** The appointment is shown to a sender always, to the patient's side when the receiver shows it (show_appointment_details). */
export function showsAppointment(audience: AccessAudience, showAppointmentDetails: boolean): boolean {
  return readsAsSender(audience) || showAppointmentDetails;
}

/** The referrer's contact is the sender's own; the patient's side sees it unless hidden from the patient. */
export function showsReferrerContact(audience: AccessAudience, hiddenFromPatient: boolean): boolean {
  return readsAsSender(audience) || !hiddenFromPatient;
}

/**
 * The attachment lists a reader may download from: a sender every list (as the sender side in the app),
 * the patient's side only the files that came back through a link (theirs, and the signed consent form).
 */
export function downloadableKinds(audience: AccessAudience): readonly AttachmentKind[] {
  return readsAsSender(audience)
    ? ['referrer', 'receiver', 'reschedule', 'supplementary', 'patient']
    : ['patient'];
}

/** The form field that marks the signed copy of the consent form among the `patient` attachments. */
export const CONSENT_FORM_FIELD = 'consent_form';

/** A signed consent form comes back as a scan or a photo: a PDF or an image (an accept list of a file field). */
export const CONSENT_FORM_ACCEPT: readonly string[] = ['.pdf', 'image/*'];
export const CONSENT_FORM_ACCEPT_TEXT = 'Upload the signed form as a PDF or a photo (PNG, JPEG, GIF, WebP).';

/**
 * A signed consent form is asked for on a referral sent through a public portal (EXTERNAL): nobody in the
 * product took the patient's consent to the referral, as a referrer in the app does.
 */
export function consentFormAsked(referralType: string): boolean {
  return referralType === 'EXTERNAL';
}

// Every Australian calendar lies between Perth's (UTC+8) and Sydney's in summer (UTC+11).
const dayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const WESTERN_DAY = dayIn('Australia/Perth');
const EASTERN_DAY = dayIn('Australia/Sydney');

/**
 * The dates (YYYY-MM-DD) a referral submitted at `instant` carries for someone in Australia: one, or two
 * when it was sent in the hours when Perth and Sydney are on different days. A typed submitted_at matches
 * either, so the reader need not know the receiver's time zone.
 */
export function submittedDates(instant: Date): string[] {
  return [...new Set([WESTERN_DAY.format(instant), EASTERN_DAY.format(instant)])];
}
