import {
  ExternalVerificationSchema,
  type ExternalVerificationInput,
  type VerificationMethod,
} from '@referrals/domain/external-access/external-access-schemas';
import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';

/** The fields each way of verifying asks, in the order the page shows them. */
export const VERIFICATION_FIELDS = {
  patient_details: ['last_name', 'dob', 'first_name'],
  submitted_at_code: ['submitted_at', 'code'],
} as const satisfies Record<VerificationMethod, readonly string[]>;

export type VerificationField = (typeof VERIFICATION_FIELDS)[VerificationMethod][number];
export type VerificationValues = Record<VerificationField, string>;

export const EMPTY_VERIFICATION: VerificationValues = {
  last_name: '',
  dob: '',
  first_name: '',
  submitted_at: '',
  code: '',
};

/**
 * The body a verification sends (only the fields of the chosen way), or what to fix first, checked with the
 * server's own schema. That schema reads a body without a date or a code as the patient's details, so an
 * empty date-and-code form would be told about the name fields; it is told about its own instead.
 */
export function verificationBodyOf(
  method: VerificationMethod,
  values: VerificationValues,
): { body: ExternalVerificationInput } | { problems: Partial<Record<VerificationField, string>> } {
  const fields: readonly VerificationField[] = VERIFICATION_FIELDS[method];
  const body = Object.fromEntries(fields.map((field) => [field, values[field].trim()]));
  const parsed = ExternalVerificationSchema.safeParse(body);
  if (parsed.success) return { body };
  const problems: Partial<Record<VerificationField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as VerificationField;
    if (fields.includes(field)) problems[field] ??= issue.message;
  }
  for (const field of fields) {
    if (body[field] === '') problems[field] ??= REQUIRED_MESSAGE;
  }
  return { problems };
}
