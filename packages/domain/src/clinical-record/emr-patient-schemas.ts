import { z } from 'zod';
import { DateOfBirthSchema } from '../date-bounds.ts';
import { IhiSchema } from '../identifiers/ihi.ts';
import { isValidMedicareCardNumber } from '../identifiers/medicare-card.ts';
import { trimmedText } from '../text-fields.ts';

/**
 * The patients of a launch's record system (spec section 7, EMR: emr-patient-search, emr-patient-verify,
 * emr-patient-batch-verify): searched and matched through the caller's own launch, which carries the
 * record system and its token.
 */

export const EMR_SEARCH_CRITERIA_MESSAGE = 'Give a name, a date of birth, a Medicare number or an IHI.';
export const EMR_MEDICARE_MESSAGE =
  'Enter a valid Medicare card number: 10 digits, or 11 with the reference number next to the name.';
export const EMR_BATCH_SIZE_MESSAGE = 'Verify from 1 to 50 patients at a time.';

/** The most patients one search answers: enough to pick from, not a copy of the record's patient list. */
export const EMR_SEARCH_LIMIT = 20;
export const EMR_BATCH_LIMIT = 50;

const LaunchIdSchema = z.uuid({ message: 'Not found.' });

/** A card number with its check digit, and optionally the individual reference number (1 to 9) after it. */
const MedicareSearchSchema = z
  .string({ error: EMR_MEDICARE_MESSAGE })
  .overwrite((value) => value.replace(/\s+/g, ''))
  .refine((value) => /^\d{10}[1-9]?$/.test(value) && isValidMedicareCardNumber(value.slice(0, 10)), {
    message: EMR_MEDICARE_MESSAGE,
  });

/** POST referrals/emr-patient-search/: at least one criterion; each given one narrows the search. */
export const EmrPatientSearchSchema = z
  .object({
    launch: LaunchIdSchema,
    family: trimmedText(100).min(1).optional(),
    given: trimmedText(100).min(1).optional(),
    birthdate: DateOfBirthSchema.optional(),
    medicare: MedicareSearchSchema.optional(),
    ihi: IhiSchema.optional(),
  })
  .refine(
    (body) =>
      [body.family, body.given, body.birthdate, body.medicare, body.ihi].some((value) => value !== undefined),
    { message: EMR_SEARCH_CRITERIA_MESSAGE },
  );
export type EmrPatientSearch = z.infer<typeof EmrPatientSearchSchema>;

/** A patient of the record system as the screens list them; `id` is the record's own (FHIR) id. */
export const RecordPatientSchema = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  dob: z.string().nullable(),
  sex: z.string().nullable(),
  /** The card number as the record writes it: 10 digits, or 11 with the reference number. */
  medicare: z.string().nullable(),
  ihi: z.string().nullable(),
  /** One line: street, suburb, state and postcode. */
  address: z.string().nullable(),
});
export type RecordPatient = z.infer<typeof RecordPatientSchema>;

export const EmrPatientSearchResultsSchema = z.object({ results: z.array(RecordPatientSchema) });
export type EmrPatientSearchResults = z.infer<typeof EmrPatientSearchResultsSchema>;

/** POST referrals/emr-patient-verify/: a Referrals patient the caller may see, looked for in the record. */
export const EmrPatientVerifySchema = z.object({
  launch: LaunchIdSchema,
  patient: z.uuid({ message: 'Not found.' }),
});
export type EmrPatientVerify = z.infer<typeof EmrPatientVerifySchema>;

/** POST referrals/emr-patient-batch-verify/: the same for up to 50 patients; each is looked for once. */
export const EmrPatientBatchVerifySchema = z.object({
  launch: LaunchIdSchema,
  patients: z
    .array(z.uuid({ message: 'Not found.' }))
    .min(1, { message: EMR_BATCH_SIZE_MESSAGE })
    .max(EMR_BATCH_LIMIT, { message: EMR_BATCH_SIZE_MESSAGE }),
});
export type EmrPatientBatchVerify = z.infer<typeof EmrPatientBatchVerifySchema>;

/**
 * verified: exactly one record patient with the same date of birth and names (the link is kept);
 * ambiguous: the record has someone who may be them, or several, and the user decides; not_found: nobody.
 */
export const EmrPatientVerifyStatusSchema = z.enum(['verified', 'not_found', 'ambiguous']);
export type EmrPatientVerifyStatus = z.infer<typeof EmrPatientVerifyStatusSchema>;

export const EmrPatientVerificationSchema = z.object({
  patient: z.string(),
  status: EmrPatientVerifyStatusSchema,
  /** The record patient found, when there is one to show; null when none or several. */
  record_patient: RecordPatientSchema.nullable(),
  /** The fields that differ between the two records, in words for the user ('Medicare number', 'address'). */
  differences: z.array(z.string()),
});
export type EmrPatientVerification = z.infer<typeof EmrPatientVerificationSchema>;

export const EmrPatientBatchVerificationSchema = z.object({
  results: z.array(EmrPatientVerificationSchema),
});
export type EmrPatientBatchVerification = z.infer<typeof EmrPatientBatchVerificationSchema>;
