import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { optionalTrimmedText, trimmedText } from '../text-fields.ts';
import { PatientWriteSchema } from '../patients/patient-schemas.ts';
import { ReferrerRoleChoiceSchema, TitleSchema } from '../people/people-codes.ts';

/**
 * A MANUAL referral: one that reached the receiving establishment on paper, by fax or by email, recorded by
 * its own staff (spec sections 1 and 7: `POST referrals/` with type MANUAL; docs/import-queue.md). The
 * receiver records it, so it starts submitted in the receiver's inbox New; the referrer is outside the
 * product: a directory entry or typed.
 */

/** The referrer as typed from the letter, or taken from the directory (`directory_doctor`). */
export const ManualReferrerSchema = z.object({
  directory_doctor: z.uuid({ message: 'Must be a valid id.' }).nullable().optional(),
  title: TitleSchema.nullable().optional(),
  first_name: trimmedText(100).min(1, REQUIRED_MESSAGE),
  last_name: trimmedText(100).min(1, REQUIRED_MESSAGE),
  role: ReferrerRoleChoiceSchema,
  practice_name: optionalTrimmedText(200),
  provider_number: optionalTrimmedText(20),
  email: optionalTrimmedText(254),
  phone: optionalTrimmedText(30),
});
export type ManualReferrer = z.infer<typeof ManualReferrerSchema>;

/**
 * The patient: an existing record of the establishment (`patient`), or the details from the letter
 * (`new_patient`), matched by Medicare number, else by name and date of birth, and created when neither
 * finds one. Exactly one of the two.
 */
const manualReferralShape = {
  patient: z.uuid({ message: 'Must be a valid id.' }).nullable().optional(),
  new_patient: PatientWriteSchema.nullable().optional(),
  referrer: ManualReferrerSchema,
  /** The letter's reason for referral, as the receiver transcribes it. */
  referrer_message: optionalTrimmedText(10_000),
  /** The patient's usual GP when the referrer is someone else (section 3 manual_gp). */
  manual_gp: optionalTrimmedText(200),
  /** A note for the receiving team only. */
  manual_internal_note: optionalTrimmedText(2_000),
};

export const PATIENT_CHOICE_MESSAGE = 'Choose a patient or enter the patient’s details.';

function onePatient(
  body: { patient?: string | null | undefined; new_patient?: unknown },
  context: z.RefinementCtx,
) {
  const chosen = typeof body.patient === 'string' && body.patient !== '';
  const typed = body.new_patient !== undefined && body.new_patient !== null;
  if (chosen === typed)
    context.addIssue({ code: 'custom', path: ['patient'], message: PATIENT_CHOICE_MESSAGE });
}

/** POST referrals/ with type MANUAL (as the `referral` JSON part of a multipart body with its files). */
export const ManualReferralCreateSchema = z
  .object({
    type: z.literal('MANUAL'),
    /** The caller's establishment (the receiver); absent means that one. */
    to_establishment: z.uuid({ message: 'Must be a valid id.' }).optional(),
    ...manualReferralShape,
  })
  .superRefine(onePatient);
export type ManualReferralCreate = z.infer<typeof ManualReferralCreateSchema>;
export type ManualReferralCreateInput = z.input<typeof ManualReferralCreateSchema>;

/** POST import/{kind}/{id}/convert/: the item becomes a MANUAL referral with the chosen attachments. */
export const ImportConvertSchema = z
  .object({
    ...manualReferralShape,
    /** The item's files to move to the referral; absent means all of them. */
    files: z.array(z.uuid({ message: 'Must be a valid id.' })).optional(),
  })
  .superRefine(onePatient);
export type ImportConvert = z.infer<typeof ImportConvertSchema>;
export type ImportConvertInput = z.input<typeof ImportConvertSchema>;

/** How the referral shows a MANUAL referral's referrer (the API's `manual_referrer`). */
export const ManualReferrerViewSchema = ManualReferrerSchema.extend({
  directory_doctor: z.string().nullable().optional(),
});
