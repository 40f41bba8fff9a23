import { z } from 'zod';
import { isUuid } from '../../http/ids.ts';
const NOT_SUPPORTED = 'This search parameter is not supported here (see /fhir/metadata).';

/** A search parameter given once or repeated (name=a&name=b), as a list. */
const repeated = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]);

/** Comma-separated values, FHIR's "or" within one parameter. */
const anyOf = (check: (value: string) => boolean, message: string) =>
  z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine((values) => values.every(check), message);

/** A reference to a patient, as `Patient/{id}` or the bare id. */
const patientReference = z
  .string()
  .transform((value) => value.replace(/^Patient\//, ''))
  .refine((id) => isUuid(id), 'Give the patient as Patient/{id}.');

/** `_lastUpdated=ge2026-01-01` and the like: a prefix (eq when absent) and a date or instant. */
const lastUpdated = z
  .string()
  .regex(
    /^(eq|ge|gt|le|lt)?\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'Give a date or instant with an optional prefix (eq, ge, gt, le, lt), e.g. ge2026-11-01.',
  )
  .transform((value) => {
    const prefix = (/^(eq|ge|gt|le|lt)/.exec(value)?.[1] ?? 'eq') as 'eq' | 'ge' | 'gt' | 'le' | 'lt';
    return { prefix, value: value.replace(/^(eq|ge|gt|le|lt)/, '') };
  });

/** The opaque `_cursor` of a next link: where the previous page ended. */
const cursor = z.string().transform((value, ctx) => {
  try {
    const parsed = z
      .object({ updatedAt: z.string().max(40), id: z.string().refine(isUuid) })
      .parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'This page link is not valid: start the search again.' });
    return z.NEVER;
  }
});

export const encodeCursor = (at: { updatedAt: string; id: string }) =>
  Buffer.from(JSON.stringify(at)).toString('base64url');

const REFERRAL_SEARCH = {
  _id: anyOf((id) => isUuid(id), 'Give one or more ids, separated by commas.').optional(),
  patient: patientReference.optional(),
  subject: patientReference.optional(),
  status: anyOf(
    (status) => /^[a-z-]+$/.test(status),
    'Give one or more status codes, separated by commas.',
  ).optional(),
  _lastUpdated: repeated(lastUpdated).optional(),
  _count: z.coerce.number().int().min(1).max(100).default(20),
  _cursor: cursor.optional(),
  // The only format there is; a client that names it is answered in it.
  _format: z.enum(['json', 'application/json', 'application/fhir+json']).optional(),
};

/**
 * The search parameters of ServiceRequest and Task (the CapabilityStatement lists the same). One this
 * server does not know is a 400 on that parameter rather than ignored: a filter silently dropped would
 * answer more than was asked for.
 */
export const FhirReferralSearchSchema = z
  .looseObject(REFERRAL_SEARCH)
  .superRefine((query, ctx) => {
    for (const name of Object.keys(query)) {
      if (!(name in REFERRAL_SEARCH)) ctx.addIssue({ code: 'custom', path: [name], message: NOT_SUPPORTED });
    }
  })
  .transform(({ subject, patient, ...rest }) => ({
    _id: rest._id,
    status: rest.status,
    _lastUpdated: rest._lastUpdated,
    _count: rest._count,
    _cursor: rest._cursor,
    patient: patient ?? subject,
  }));
export type FhirReferralSearch = z.output<typeof FhirReferralSearchSchema>;
