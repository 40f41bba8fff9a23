import { z } from 'zod';
import { CodedValueSchema } from '../api.ts';
import { BoundedDateSchema, DateOfBirthSchema } from '../date-bounds.ts';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import { MyReportSchema, MyReportSummarySchema } from '../my-referrals/my-referral-schemas.ts';
import { VerificationCodeInputSchema } from '../referrals/verification-code.ts';

/**
 * Access without an account (issue 26 item 3; spec sections 2 /referrals/external, /referrals/consent,
 * /referrals/upload-files, /external-clinical-reports, 7 "Referrals: External", "Reports:
 * reports/external/", "Public: public/referrals/consent/ and patient-attachments/"; docs/external-access.md).
 * The sender of a referral and its patient get an emailed link (`?access=<token>`); whoever opens it proves
 * they know the patient (last name, date of birth and first name) or hold the referral (the date it was
 * submitted and the sender's verification code), and gets a short session to read the referral as the
 * receiver shows it, the consent form, their own attachments and the reports addressed to them.
 */

/** How long an emailed link stays usable; after that refresh-access mails a new one to the same address. */
export const ACCESS_LINK_DAYS = 30;
/** How long a verified session lasts before the details are asked for again. */
export const ACCESS_SESSION_MINUTES = 30;
/** Wrong answers a link takes: the next answer, even the right one, is refused and the link is dead. */
export const MAX_WRONG_ANSWERS = 20;

/** The query parameter that carries a link's token on every call. */
export const ACCESS_TOKEN_PARAM = 'access';
/** The header that carries the session secret a verification answered. */
export const ACCESS_SESSION_HEADER = 'x-access-session';

/**
 * Whom a link was sent to: the referral's sender (a referrer outside the product, or one who asked for a
 * link), its patient, or someone either of them shared it with. The audience decides what the link shows.
 */
export const ACCESS_AUDIENCES = ['sender', 'patient', 'shared'] as const;
export const AccessAudienceSchema = z.enum(ACCESS_AUDIENCES);
export type AccessAudience = z.infer<typeof AccessAudienceSchema>;

/** The two ways to prove the link is yours (section 7: "last_name, dob, first_name, or submitted_at and code"). */
export const VERIFICATION_METHODS = ['patient_details', 'submitted_at_code'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** Any wrong answer, whichever detail was wrong: saying which would help someone guessing. */
export const VERIFY_FAILED = 'Those details do not match the referral. Check them and try again.';
/** POST external/share/: the link is on its way. */
export const LINK_SENT = 'We have emailed a link to the referral.';
/** POST referrals/{id}/patient-link/: the answer, and why nothing was sent. */
export const PATIENT_LINK_SENT = 'We have emailed the patient a link to follow the referral.';
export const PATIENT_HAS_NO_EMAIL = 'The patient has no email address. Add one to their record first.';
export const DRAFT_HAS_NO_LINK = 'A draft cannot be followed yet: send the referral first.';
/** GET external/refresh-access/: the same words whether or not a link was sent, so they reveal nothing. */
export const LINK_REFRESH_REQUESTED =
  'If this link can be renewed, we have emailed a new one to the address it was sent to.';
/** A call that needs a session without one, or with one that has run out (401). */
export const SESSION_NEEDED = 'Confirm the patient’s details again to continue.';
/** What the pages say for the 404 of a link that is unknown, expired or locked (one answer for all three). */
export const LINK_NOT_USABLE =
  'This link has expired or does not work. You can ask for a new one to be sent to the address it came to.';

/**
 * The answer a verification sends. Either the patient's details or the submitted date with the code; a
 * body with `submitted_at` or `code` is the second kind, any other the first. Names are compared without
 * regard to case or surrounding spaces, the date of birth exactly.
 */
export const ExternalVerificationSchema = z
  .object({
    last_name: z.string().trim().max(100).optional(),
    dob: z.union([z.literal(''), DateOfBirthSchema]).optional(),
    first_name: z.string().trim().max(100).optional(),
    /** The day the referral was submitted (YYYY-MM-DD), as its sender sees it. */
    submitted_at: z.union([z.literal(''), BoundedDateSchema]).optional(),
    code: z.union([z.literal(''), VerificationCodeInputSchema]).optional(),
  })
  .superRefine((body, context) => {
    const byCode = Boolean(body.submitted_at) || Boolean(body.code);
    const needed = byCode
      ? (['submitted_at', 'code'] as const)
      : (['last_name', 'dob', 'first_name'] as const);
    for (const field of needed) {
      if (!body[field]) context.addIssue({ code: 'custom', path: [field], message: REQUIRED_MESSAGE });
    }
  });
export type ExternalVerificationInput = z.input<typeof ExternalVerificationSchema>;

/** A verification as the server checks it: one of the two kinds, every field present. */
export type ExternalVerification =
  | { method: 'patient_details'; last_name: string; dob: string; first_name: string }
  | { method: 'submitted_at_code'; submitted_at: string; code: string };

/** The checked body as one of the two kinds (the schema guarantees the fields of the kind it names). */
export function verificationOf(body: z.output<typeof ExternalVerificationSchema>): ExternalVerification {
  if (body.submitted_at || body.code) {
    return { method: 'submitted_at_code', submitted_at: body.submitted_at ?? '', code: body.code ?? '' };
  }
  return {
    method: 'patient_details',
    last_name: body.last_name ?? '',
    dob: body.dob ?? '',
    first_name: body.first_name ?? '',
  };
}

/** A file of the referral the link's reader may download (GET referrals/external/?access=&attachment=). */
export const ExternalAttachmentSchema = z.object({
  id: z.string(),
  /** Which of the referral's lists: `patient` holds what came back through a link (and the signed consent). */
  kind: z.string(),
  original_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  note: z.string().nullable(),
  /** The signed copy of the consent form. */
  is_consent_form: z.boolean(),
  created_at: z.string(),
});
export type ExternalAttachment = z.infer<typeof ExternalAttachmentSchema>;

/** One step of the referral's way, in the reader's words: when it reached which status. */
export const ExternalHistoryEntrySchema = z.object({ at: z.string(), status: CodedValueSchema });
export type ExternalHistoryEntry = z.infer<typeof ExternalHistoryEntrySchema>;

/**
 * The referral as a link shows it, as its receiver chooses (the rules of a patient's own view,
 * docs/my-referrals.md): the appointment only when shown to the patient (a sender always sees it), the
 * referrer's contact only when not hidden from the patient, the reports addressed to the reader.
 */
export const ExternalReferralViewSchema = z.object({
  id: z.string(),
  audience: AccessAudienceSchema,
  status: CodedValueSchema,
  type: CodedValueSchema,
  submitted_at: z.string().nullable(),
  /** The receiving establishment, or the receiver typed by hand for one not listed. */
  receiver: z.string().nullable(),
  patient_name: z.string(),
  referrer: z.object({
    name: z.string().nullable(),
    practice: z.string().nullable(),
    /** Null when the receiver hides the referrer's contact from this reader. */
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  appointment: z.object({ date: z.string(), location: z.string().nullable() }).nullable(),
  history: z.array(ExternalHistoryEntrySchema),
  attachments: z.array(ExternalAttachmentSchema),
  reports: z.array(MyReportSummarySchema),
  /**
   * Whether `?pdf=true` answers the referral letter: it prints the referrer's contact, so the patient's side
   * gets it only where the receiver does not hide that from the patient.
   */
  letter_available: z.boolean(),
  consent: z.object({
    /** Whether the receiver asks for a signed consent form (a referral sent through a public portal). */
    asked: z.boolean(),
    signed_copy_uploaded: z.boolean(),
  }),
});
export type ExternalReferralView = z.infer<typeof ExternalReferralViewSchema>;

/**
 * GET referrals/external/?access=: the link works, until when, and how it may be verified; with a live
 * session (X-Access-Session) the referral too, so a reloaded page need not ask again.
 */
export const ExternalAccessLinkSchema = z.object({
  verify_with: z.array(z.enum(VERIFICATION_METHODS)),
  expires_at: z.string(),
  referral: ExternalReferralViewSchema.nullable(),
});
export type ExternalAccessLink = z.infer<typeof ExternalAccessLinkSchema>;

/** POST referrals/external/?access=: the session secret to send as X-Access-Session, until `expires_at`. */
export const ExternalAccessSessionSchema = z.object({
  session: z.string(),
  expires_at: z.string(),
  referral: ExternalReferralViewSchema,
});
export type ExternalAccessSession = z.infer<typeof ExternalAccessSessionSchema>;

/** POST referrals/external/share/?access=: whom to send a link of their own. */
export const ExternalShareSchema = z.object({
  email: z
    .email({ message: EMAIL_MESSAGE })
    .max(254)
    .transform((value) => value.toLowerCase()),
});
export type ExternalShare = z.infer<typeof ExternalShareSchema>;

/** GET reports/external/?access=: the sent reports addressed to the reader, to read. */
export const ExternalReportListSchema = z.object({ results: z.array(MyReportSchema) });
export type ExternalReportList = z.infer<typeof ExternalReportListSchema>;

/** GET and PUT public/referrals/patient-attachments/?access=: the reader's own files (not the consent form). */
export const ExternalAttachmentListSchema = z.object({ results: z.array(ExternalAttachmentSchema) });
export type ExternalAttachmentList = z.infer<typeof ExternalAttachmentListSchema>;

/** The answer of share and refresh-access: what to tell the reader. */
export const ExternalAccessDetailSchema = z.object({ detail: z.string() });

/** GET referrals/external-origin/?token=: the referral to open in the app, for a signed-in reader who may see it. */
export const ExternalOriginSchema = z.object({ referral: z.object({ id: z.string() }) });
export type ExternalOrigin = z.infer<typeof ExternalOriginSchema>;
