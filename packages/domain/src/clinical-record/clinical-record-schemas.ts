import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { trimmedText } from '../text-fields.ts';

/**
 * A launch from a clinical record system (SMART App Launch 2.0; spec sections 2 and 7, Clinical record
 * system): the record system opens Referrals at / with `iss` (its FHIR server) and `launch` (its launch
 * context), or a person starts one from Referrals with `iss` alone (a standalone launch).
 */

/** Spec section 8: a 401 from the record system. The product is Referrals. */
export const CLINICAL_RECORD_EXPIRED_MESSAGE =
  'Integration expired, please try launching Referrals from SmartLaunch again.';
/** Spec section 8: any other failure of the record system. */
export const CLINICAL_RECORD_FAILED_MESSAGE =
  'The clinical record system could not be reached. Please try again in a moment.';
export const UNKNOWN_RECORD_SYSTEM_MESSAGE = 'This clinical record system is not connected to Referrals.';
export const LAUNCH_NOT_STARTED_HERE_MESSAGE =
  'This launch has expired or was not started here. Please launch Referrals from your clinical record system again.';
export const LAUNCH_WITHOUT_PATIENT_MESSAGE =
  'Your clinical record system did not say which patient is open. Open the patient in your clinical record system and launch Referrals again.';
export const LAUNCH_WITHOUT_ACCOUNT_MESSAGE =
  'You have no Referrals account under the name or email your clinical record system gave. Ask your practice manager to invite you, then launch again.';
export const LAUNCH_REFUSED_MESSAGE =
  'Your clinical record system did not let Referrals in. Please launch Referrals from it again.';

/** POST clinical-record/launches/: starts the sign-in at the record system's authorization server. */
export const ClinicalRecordLaunchStartSchema = z.object({
  iss: z.url({ protocol: /^https?$/, message: UNKNOWN_RECORD_SYSTEM_MESSAGE }),
  /** The record system's launch context; absent for a standalone launch. */
  launch: trimmedText(1000).min(1).optional(),
});
export type ClinicalRecordLaunchStart = z.infer<typeof ClinicalRecordLaunchStartSchema>;

export const ClinicalRecordLaunchStartedSchema = z.object({ authorization_url: z.string() });

/**
 * POST clinical-record/launches/complete/: the record system's answer at / (its query), which the server
 * exchanges for the token. An error from the authorization server arrives as `error` instead of `code`.
 */
export const ClinicalRecordLaunchCompleteSchema = z.object({
  state: trimmedText(200).min(1, { message: LAUNCH_NOT_STARTED_HERE_MESSAGE }),
  code: trimmedText(2000).optional(),
  iss: trimmedText(2000).optional(),
  error: trimmedText(200).optional(),
  error_description: trimmedText(1000).optional(),
});
export type ClinicalRecordLaunchComplete = z.infer<typeof ClinicalRecordLaunchCompleteSchema>;

/** The person is matched: the ticket signs them in to Referrals once, and the launch is theirs. */
export const ClinicalRecordLaunchCompletedSchema = z.object({
  launch_id: z.string(),
  sign_in_ticket: z.string(),
});
export type ClinicalRecordLaunchCompleted = z.infer<typeof ClinicalRecordLaunchCompletedSchema>;

/** One line of the clinical summary: what it is, and a detail (a dose, a reaction, a value) and a date. */
export const ClinicalSummaryItemSchema = z.object({
  text: trimmedText(300).min(1, { message: REQUIRED_MESSAGE }),
  detail: trimmedText(300).nullable().default(null),
  date: trimmedText(40).nullable().default(null),
});
export type ClinicalSummaryItem = z.infer<typeof ClinicalSummaryItemSchema>;

const items = () => z.array(ClinicalSummaryItemSchema).max(100).default([]);

/** The latest weight and height in the record, which fill the referral form's BMI fields. */
export const ClinicalMeasurementsSchema = z.object({
  weight_kg: z.number().positive().max(700).nullable().default(null),
  height_cm: z.number().positive().max(300).nullable().default(null),
});
export type ClinicalMeasurements = z.infer<typeof ClinicalMeasurementsSchema>;

/**
 * The clinical summary read from the record (issue: active conditions, current medicines, allergies, recent
 * observations, family history, procedures), which the sender reviews and edits before the referral goes.
 */
export const ClinicalSummarySchema = z.object({
  conditions: items(),
  medications: items(),
  allergies: items(),
  observations: items(),
  family_history: items(),
  procedures: items(),
  measurements: ClinicalMeasurementsSchema.default({ weight_kg: null, height_cm: null }),
});
export type ClinicalSummary = z.infer<typeof ClinicalSummarySchema>;

/** The summary's lists, in the order the screens and the letter show them, with their headings. */
export const CLINICAL_SUMMARY_SECTIONS = [
  { key: 'conditions', title: 'Active conditions', item: 'condition' },
  { key: 'medications', title: 'Current medicines', item: 'medicine' },
  { key: 'allergies', title: 'Allergies and adverse reactions', item: 'allergy' },
  { key: 'observations', title: 'Recent observations', item: 'observation' },
  { key: 'family_history', title: 'Family history', item: 'relative' },
  { key: 'procedures', title: 'Procedures', item: 'procedure' },
] as const satisfies readonly { key: keyof ClinicalSummary; title: string; item: string }[];
export type ClinicalSummaryList = (typeof CLINICAL_SUMMARY_SECTIONS)[number]['key'];

/** An item as one line of text, for the letter and the screens: "Metformin 1 g — one at night (19 Aug 2014)". */
export function clinicalSummaryLine(item: ClinicalSummaryItem): string {
  return `${item.text}${item.detail ? ` — ${item.detail}` : ''}${item.date ? ` (${item.date})` : ''}`;
}

/** What was read from the record for a referral, and when (kept on the referral). */
export const ClinicalRecordReadSchema = z.object({
  system: z.string(),
  patient_id: z.string(),
  read_at: z.string(),
  /** How many resources of each type were read, e.g. {Condition: 3}; a type the server refused is absent. */
  resources: z.record(z.string(), z.number()),
});
export type ClinicalRecordRead = z.infer<typeof ClinicalRecordReadSchema>;

/**
 * The referral letter filed back to the sender's clinical record as a DocumentReference (upload-to-emr on
 * the sender side): queued, filed (with the record's id for it), or failed after its retries.
 */
export const ClinicalRecordFilingSchema = z.object({
  status: z.enum(['queued', 'filed', 'failed']),
  requested_at: z.string(),
  filed_at: z.string().nullable(),
  document_id: z.string().nullable(),
  /** Why the last try failed, in words for the sender; null once filed. */
  error: z.string().nullable(),
});
export type ClinicalRecordFiling = z.infer<typeof ClinicalRecordFilingSchema>;

/** POST clinical-record/launches/{id}/referral/: the draft made from the launch's patient and record. */
export const ClinicalRecordReferralStartedSchema = z.object({ referral_id: z.string() });

/**
 * A 502 from a call that needed the record system (docs/api.md, Errors): `clinical_record_expired` when it
 * answered 401, `clinical_record_unavailable` for any other failure.
 */
export const ClinicalRecordErrorSchema = z.object({
  detail: z.string(),
  code: z.enum(['clinical_record_expired', 'clinical_record_unavailable']),
});
export type ClinicalRecordError = z.infer<typeof ClinicalRecordErrorSchema>;

/** GET referrals/{id}/export-to-emr/: the referral letter as a FHIR R4 DocumentReference (spec section 7). */
export const ReferralDocumentReferenceSchema = z.looseObject({
  resourceType: z.literal('DocumentReference'),
  status: z.string(),
  subject: z.looseObject({}),
  content: z.array(
    z.object({
      attachment: z.looseObject({ contentType: z.string(), data: z.string(), title: z.string() }),
    }),
  ),
});
export type ReferralDocumentReference = z.infer<typeof ReferralDocumentReferenceSchema>;
