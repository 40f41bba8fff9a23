import { z } from 'zod';
import { MEDICARE_SYSTEM } from '@referrals/domain/clinical-record/fhir-record';
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

/** A reference to a resource of `type` whose id is a uuid, as `{type}/{id}` or the bare id. */
const referenceTo = (type: string) =>
  z
    .string()
    .transform((value) => value.replace(new RegExp(`^${type}/`), ''))
    .refine((id) => isUuid(id), `Give the ${type} as ${type}/{id}.`);

const patientReference = referenceTo('Patient');

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

/** An opaque `_cursor` of a next link, whose JSON has `shape`: where the previous page ended. */
const cursorOf = <T extends z.ZodRawShape>(shape: T) =>
  z.string().transform((value, ctx) => {
    try {
      return z.object(shape).parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'This page link is not valid: start the search again.' });
      return z.NEVER;
    }
  });

const AT_REFERRAL = { updatedAt: z.string().max(40), id: z.string().refine(isUuid) };
/** A referral search's cursor: the last referral given. */
const cursor = cursorOf(AT_REFERRAL);
/** A document search's cursor: the referral to go on with and how many of its documents were given. */
const documentCursor = cursorOf({ ...AT_REFERRAL, skip: z.number().int().min(0).max(10_000) });

export const encodeCursor = (at: { updatedAt: string; id: string; skip?: number }) =>
  Buffer.from(JSON.stringify(at)).toString('base64url');

/** A search that refuses the parameters it does not list (see FhirReferralSearchSchema). */
function strictSearch<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape).superRefine((query, ctx) => {
    for (const name of Object.keys(query)) {
      if (!(name in shape)) ctx.addIssue({ code: 'custom', path: [name], message: NOT_SUPPORTED });
    }
  });
}

const count = z.coerce.number().int().min(1).max(100).default(20);
// The only format there is; a client that names it is answered in it.
const format = z.enum(['json', 'application/json', 'application/fhir+json']).optional();

const REFERRAL_SEARCH = {
  _id: anyOf((id) => isUuid(id), 'Give one or more ids, separated by commas.').optional(),
  patient: patientReference.optional(),
  subject: patientReference.optional(),
  status: anyOf(
    (status) => /^[a-z-]+$/.test(status),
    'Give one or more status codes, separated by commas.',
  ).optional(),
  _lastUpdated: repeated(lastUpdated).optional(),
  _count: count,
  _cursor: cursor.optional(),
  _format: format,
};

/**
 * The search parameters of ServiceRequest and Task (the CapabilityStatement lists the same). One this
 * server does not know is a 400 on that parameter rather than ignored: a filter silently dropped would
 * answer more than was asked for.
 */
export const FhirReferralSearchSchema = strictSearch(REFERRAL_SEARCH).transform(
  ({ subject, patient, ...rest }) => ({
    _id: rest._id,
    status: rest.status,
    _lastUpdated: rest._lastUpdated,
    _count: rest._count,
    _cursor: rest._cursor,
    patient: patient ?? subject,
  }),
);
export type FhirReferralSearch = z.output<typeof FhirReferralSearchSchema>;

const IDENTIFIER =
  'Give a Medicare number as http://ns.electronichealth.net.au/id/medicare-number|{number}, or an MRN.';

/**
 * Patient search: the patient list's filters (names start with, date of birth, Medicare number, MRN), a page
 * at a time by `_page`. An identifier with the Medicare system is a Medicare number; one without a system is
 * an MRN of the caller's establishment.
 */
export const FhirPatientSearchSchema = strictSearch({
  family: z.string().trim().min(1).max(100).optional(),
  given: z.string().trim().min(1).max(100).optional(),
  birthdate: z
    .string()
    .regex(/^(eq)?\d{4}-\d{2}-\d{2}$/, 'Give the date of birth as YYYY-MM-DD.')
    .transform((value) => value.replace(/^eq/, ''))
    .optional(),
  identifier: z
    .string()
    .transform((value, ctx) => {
      const [system, number] = value.includes('|') ? value.split('|', 2) : ['', value];
      if (!number?.trim() || (system !== '' && system !== MEDICARE_SYSTEM)) {
        ctx.addIssue({ code: 'custom', message: IDENTIFIER });
        return z.NEVER;
      }
      // AU Base writes the card number with the individual reference number as an 11th digit.
      return system === MEDICARE_SYSTEM
        ? { medicare: number.replace(/\s/g, '').slice(0, 10) }
        : { mrn: number.trim() };
    })
    .optional(),
  _count: count,
  _page: z.coerce.number().int().min(1).max(1000).default(1),
  _format: format,
});
export type FhirPatientSearch = z.output<typeof FhirPatientSearchSchema>;

/**
 * DocumentReference search: the documents of the referrals the caller sees, of one patient (`patient` or
 * `subject`) or one referral (`related`, its ServiceRequest, as the resource's context.related), changed
 * (their referral, whose change is the document's lastUpdated) within `_lastUpdated`.
 */
export const FhirDocumentSearchSchema = strictSearch({
  patient: patientReference.optional(),
  subject: patientReference.optional(),
  related: referenceTo('ServiceRequest').optional(),
  _lastUpdated: repeated(lastUpdated).optional(),
  _count: count,
  _cursor: documentCursor.optional(),
  _format: format,
}).transform(({ subject, patient, ...rest }) => ({
  related: rest.related,
  _lastUpdated: rest._lastUpdated,
  _count: rest._count,
  _cursor: rest._cursor,
  patient: patient ?? subject,
}));
export type FhirDocumentSearch = z.output<typeof FhirDocumentSearchSchema>;

/** PractitionerRole search: a doctor's places of work as the Providers list shows them, by `_page`. */
export const FhirPractitionerRoleSearchSchema = strictSearch({
  practitioner: referenceTo('Practitioner').optional(),
  organization: referenceTo('Organization').optional(),
  _count: count,
  _page: z.coerce.number().int().min(1).max(1000).default(1),
  _format: format,
});
export type FhirPractitionerRoleSearch = z.output<typeof FhirPractitionerRoleSearchSchema>;
