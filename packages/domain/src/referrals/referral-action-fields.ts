import { NUL_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';
import type { CodeList } from '../codes.ts';
import { DATE_RANGE_MESSAGE, EARLIEST_DATE, LATEST_DATE } from '../date-bounds.ts';
import { OTHER_REASON } from './referral-reason-codes.ts';

/**
 * The kinds of field the referral action bodies are made of (referral-action-schemas.ts), and their
 * messages. Forms send '' for a cleared field and an unselected choice: optional fields read it as null,
 * required ones as missing, so the form and the server give the same message.
 */

/** A choice or id that is not one of the offered ones (the spec gives no text; DRF's words). */
export const INVALID_CHOICE_MESSAGE = 'Select a valid choice.';
/** An appointment that is not an ISO 8601 date and time with its offset. */
export const APPOINTMENT_MESSAGE = 'Enter a valid date and time.';

/** Absent, null or only blanks: what a form sends for a field left empty. */
export const isMissing = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '');
/** An error message: 'This field is required.' when the input is missing, else `message`. */
const missingOr = (message: string) => (issue: { input?: unknown }) =>
  isMissing(issue.input) ? REQUIRED_MESSAGE : message;

/** Trimmed text up to `max` characters, without the NUL PostgreSQL cannot store. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\0]*$/, { message: NUL_MESSAGE });

/** Free text the form may leave empty: '' and absent both become null. */
export const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

/** Free text that must be given: missing, null or blank is 'This field is required.'. */
export const requiredText = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { message: REQUIRED_MESSAGE }).pipe(text(max));

/** A choice from a code list that must be made (bare code, as requests send it). */
export function requiredChoice<K extends string>(list: CodeList<K>) {
  return z.enum(list.schema.enum, { error: missingOr(INVALID_CHOICE_MESSAGE) });
}

/** A choice the form may leave unselected: '', null and absent all become null. */
export function optionalChoice<K extends string>(list: CodeList<K>) {
  return emptyToNull(z.enum(list.schema.enum, { error: INVALID_CHOICE_MESSAGE }));
}

/** A person or establishment picked from a list; unpicked is 'This field is required.'. */
export const requiredId = () => z.uuid({ error: missingOr(INVALID_CHOICE_MESSAGE) });
/** A person or establishment the form may leave unpicked: '', null and absent become null. */
export const optionalId = () => emptyToNull(z.uuid({ error: INVALID_CHOICE_MESSAGE }));

/** An optional field whose '' (a cleared input) means none; anything else invalid gets `message`. */
export function emptyToNull<T extends z.ZodType>(schema: T, message = INVALID_CHOICE_MESSAGE) {
  return z
    .union([z.literal(''), schema], { error: message })
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : (value as z.output<T> | null)));
}

/**
 * An appointment: an ISO 8601 instant with its offset (api-conventions.md Bodies), its date within the
 * bounds of docs/date-bounds.md. A date alone is refused because an appointment has a time (section 5:
 * appointment_time is required when scheduling).
 */
export const AppointmentInstantSchema = z
  .string({ error: missingOr(APPOINTMENT_MESSAGE) })
  .min(1, { message: REQUIRED_MESSAGE })
  .pipe(z.iso.datetime({ offset: true, error: APPOINTMENT_MESSAGE }))
  .refine((value) => value.slice(0, 10) >= EARLIEST_DATE && value.slice(0, 10) <= LATEST_DATE, {
    message: DATE_RANGE_MESSAGE,
  });

/** A checkbox the body may leave out. */
export const optionalBoolean = z.boolean().optional();

/** Whom the receiver's change is e-mailed to (section 3 receiver_email_notify_*; triage and reschedule page). */
export const RECEIVER_NOTIFICATION_FIELDS = [
  'receiver_email_notify_patient',
  'receiver_email_notify_referrer',
  'receiver_remember_email_notify_settings',
] as const;
/** The receiver_email_notify_* fields of a body, each optional. */
export const receiverNotificationShape = {
  receiver_email_notify_patient: optionalBoolean,
  receiver_email_notify_referrer: optionalBoolean,
  receiver_remember_email_notify_settings: optionalBoolean,
};

/**
 * A rule across fields that still runs when other fields have errors, so one dry run reports the
 * errors of every page at once; it waits only for the fields it reads to be valid.
 */
export function requiredWhen<T>(
  field: string,
  reads: readonly string[],
  needed: (value: T) => boolean,
): [(value: T) => boolean, z.core.$ZodCustomParams] {
  const watched = [field, ...reads];
  return [
    (value) => !(needed(value) && isMissing((value as Record<string, unknown>)[field])),
    {
      path: [field],
      message: REQUIRED_MESSAGE,
      // A body that is not an object at all (a multipart or null body) has failed already; the rule has
      // nothing to read and would throw.
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        payload.issues.every((issue) => !watched.includes(String(issue.path?.[0]))),
    },
  ];
}

/** The other_* text is required when the reason is OTHER (section 3: each reason has an other_* text). */
export function otherReasonRule(reasonField: string, otherField: string) {
  return requiredWhen<Record<string, unknown>>(
    otherField,
    [reasonField],
    (value) => value[reasonField] === OTHER_REASON,
  );
}
