import { z } from 'zod';
import { DateOfBirthSchema } from '../date-bounds.ts';
import { AuStateSchema } from '../establishments/establishment-codes.ts';
import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { optionalTrimmedText } from '../text-fields.ts';
import { ConcessionCardTypeSchema, SexSchema } from '../patients/patient-codes.ts';
import { ReferrerRoleChoiceSchema } from '../people/people-codes.ts';
import { PortalSenderTypeSchema } from './portal-schemas.ts';

/**
 * An external referral sent through a public portal (spec sections 5 "External referral submit", 6
 * "External senders follow a different mandatory-field flow", 7 Public; docs/portals.md). The sender works
 * on a draft kept by the server (`public/establishments/{id}/referrals/`), proves their email with a code
 * that changes every 60 s, agrees to the consent, solves the captcha and submits; the referral lands in
 * the establishment's inbox as type EXTERNAL.
 */

/** "no concession card": the section 5 rule asks for a concession type, and most patients have none. */
export const NO_CONCESSION = 'NONE';
export const ExternalConcessionSchema = z.union([z.literal(NO_CONCESSION), ConcessionCardTypeSchema]);

/** Who sends it. A patient sender's provider number is dropped (section 5). */
export const ExternalSenderSchema = z.object({
  first_name: optionalTrimmedText(100),
  last_name: optionalTrimmedText(100),
  email: optionalTrimmedText(254),
  phone: optionalTrimmedText(30),
  /** A patient or carer: whether they are the patient (self) or someone caring for them. */
  relation: z.enum(['self', 'carer']).nullable().optional(),
  /** A health professional's role, practice and provider number. */
  role: ReferrerRoleChoiceSchema.nullable().optional(),
  practice_name: optionalTrimmedText(200),
  provider_number: optionalTrimmedText(20),
});
export type ExternalSender = z.infer<typeof ExternalSenderSchema>;

/** The patient as the sender gives them. */
export const ExternalPatientSchema = z.object({
  first_name: optionalTrimmedText(100),
  last_name: optionalTrimmedText(100),
  dob: z
    .union([z.literal(''), DateOfBirthSchema])
    .nullable()
    .optional(),
  sex_at_birth: z
    .union([z.literal(''), SexSchema])
    .nullable()
    .optional(),
  pub_insurance_details: optionalTrimmedText(30),
  medicare_ref_num: optionalTrimmedText(2),
  concession_type: z
    .union([z.literal(''), ExternalConcessionSchema])
    .nullable()
    .optional(),
  email: optionalTrimmedText(254),
  phone: optionalTrimmedText(30),
  address1: optionalTrimmedText(200),
  city: optionalTrimmedText(100),
  state: AuStateSchema.nullable().optional(),
  postcode: optionalTrimmedText(10),
});
export type ExternalPatient = z.infer<typeof ExternalPatientSchema>;

/**
 * What a draft holds, saved as the sender works (PATCH, every field optional): incomplete is fine until
 * submit, which checks the mandatory fields of the sender's type (externalReferralProblems).
 */
export const ExternalReferralDraftWriteSchema = z.object({
  sender_type: PortalSenderTypeSchema.optional(),
  sender: ExternalSenderSchema.optional(),
  patient: ExternalPatientSchema.optional(),
  referrer_message: optionalTrimmedText(10_000),
  /** The receiver's form templates' answers, by template name (the wizard's `forms`). */
  forms: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  /** The sender agrees to the receiver holding and using these details (the consent). */
  consent: z.boolean().optional(),
});

/** POST public/referrals/: the same draft, its establishment (a published portal's) in the body. */
export const ExternalReferralDraftCreateSchema = ExternalReferralDraftWriteSchema.extend({
  establishment: z.uuid(),
});
export type ExternalReferralDraftWrite = z.infer<typeof ExternalReferralDraftWriteSchema>;

/** An attachment of a draft (public/establishments/{id}/referrals/{ref}/referrer-attachments/). */
export const ExternalDraftAttachmentSchema = z.object({
  id: z.string(),
  original_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** The form field it answers, when it belongs to a template's file field. */
  field: z.string().nullable(),
});
export type ExternalDraftAttachment = z.infer<typeof ExternalDraftAttachmentSchema>;

/** PATCH …/referrer-attachments/{att}/: the form field the file answers, or null for none. */
export const ExternalDraftAttachmentWriteSchema = z.object({
  field: z.string().trim().max(200).nullable(),
});
export type ExternalDraftAttachmentWrite = z.infer<typeof ExternalDraftAttachmentWriteSchema>;

export const ExternalReferralDraftSchema = z.object({
  id: z.string(),
  sender_type: PortalSenderTypeSchema.nullable(),
  sender: ExternalSenderSchema,
  patient: ExternalPatientSchema,
  referrer_message: z.string().nullable(),
  forms: z.record(z.string(), z.record(z.string(), z.unknown())),
  consent: z.boolean(),
  attachments: z.array(ExternalDraftAttachmentSchema),
  /** When the emailed code was last sent; the page counts the 60 s down from it. */
  code_sent_at: z.string().nullable(),
  expires_at: z.string(),
  /** Once submitted: the referral it became (a repeated submit answers the same one). */
  submitted: z.boolean(),
});
export type ExternalReferralDraft = z.infer<typeof ExternalReferralDraftSchema>;

/**
 * POST public/establishments/{id}/referrals/: a new draft, answered with the secret the browser sends back
 * as `X-Draft-Token` on every later call about it (the draft's id alone opens nothing).
 */
export const ExternalDraftCreatedSchema = z.object({
  draft: ExternalReferralDraftSchema,
  draft_token: z.string(),
});
export type ExternalDraftCreated = z.infer<typeof ExternalDraftCreatedSchema>;

/** The header carrying a draft's secret. */
export const DRAFT_TOKEN_HEADER = 'x-draft-token';

/**
 * POST public/establishments/{id}/referrals/{ref}/submit/: the emailed code, the captcha's solution
 * (ALTCHA's base64 payload) and the idempotency key a double click or a retry sends again.
 */
export const ExternalReferralSubmitSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code we emailed you.')),
  altcha: z.string().min(1, 'Complete the check that you are not a robot.').max(20_000),
});
export type ExternalReferralSubmit = z.infer<typeof ExternalReferralSubmitSchema>;

/**
 * GET …/{ref}/verification-code/: the code is on its way to the sender's address (CODE_SENT), sent at
 * `code_sent_at`; a new one may be asked for VERIFICATION_CODE_PERIOD_SECONDS later.
 */
export const ExternalCodeSentSchema = z.object({ detail: z.string(), code_sent_at: z.string() });
export type ExternalCodeSent = z.infer<typeof ExternalCodeSentSchema>;

/** The answer to a submit: where the referral is, in words for the sender. */
export const ExternalReferralSubmittedSchema = z.object({
  referral: z.object({ id: z.string(), submitted_at: z.string() }),
  establishment: z.object({ name: z.string() }),
});
export type ExternalReferralSubmitted = z.infer<typeof ExternalReferralSubmittedSchema>;

export const CODE_SENT =
  'We emailed you a 6-digit code. It changes every minute; ask for a new one if it expires.';
export const CODE_WRONG = 'That code is not right or has expired. Ask for a new one.';
export const CAPTCHA_FAILED = 'The check that you are not a robot did not pass. Please try it again.';
export const CONSENT_REQUIRED = 'Agree to the consent to send the referral.';

/**
 * The mandatory fields of the sender's type (section 6: a different flow for patient/carer and for
 * health professional; section 5: dob, sex at birth and concession type), as DRF-style errors; empty when
 * the draft may be submitted.
 */
export function externalReferralProblems(
  draft: Pick<ExternalReferralDraft, 'sender_type' | 'sender' | 'patient' | 'referrer_message' | 'consent'>,
): Record<string, string[] | Record<string, string[]>> {
  const problems: Record<string, string[] | Record<string, string[]>> = {};
  const missing = (value: unknown) => value === undefined || value === null || value === '';
  if (missing(draft.sender_type)) problems.sender_type = [REQUIRED_MESSAGE];
  const sender: Record<string, string[]> = {};
  const senderFields = ['first_name', 'last_name', 'email'] as const;
  for (const field of senderFields) if (missing(draft.sender[field])) sender[field] = [REQUIRED_MESSAGE];
  if (draft.sender_type === 'PATIENT' && missing(draft.sender.relation)) sender.relation = [REQUIRED_MESSAGE];
  if (draft.sender_type === 'PROVIDER') {
    for (const field of ['role', 'practice_name', 'provider_number'] as const) {
      if (missing(draft.sender[field])) sender[field] = [REQUIRED_MESSAGE];
    }
  }
  if (Object.keys(sender).length > 0) problems.sender = sender;
  const patient: Record<string, string[]> = {};
  for (const field of ['first_name', 'last_name', 'dob', 'sex_at_birth', 'concession_type'] as const) {
    if (missing(draft.patient[field])) patient[field] = [REQUIRED_MESSAGE];
  }
  if (Object.keys(patient).length > 0) problems.patient = patient;
  if (missing(draft.referrer_message)) problems.referrer_message = [REQUIRED_MESSAGE];
  if (!draft.consent) problems.consent = [CONSENT_REQUIRED];
  return problems;
}
