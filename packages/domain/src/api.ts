import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';

/** The shapes every API response shares (api-conventions.md: Lists, Errors). */

export const MAX_PAGE_SIZE = 100;

/** `?page=N` is 1-based; `page_size` defaults to 10 and is capped at 100. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page of results: `{count, next, previous, results}`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** 401, 403, 404, 405, 429 and 500 bodies. A 500 also carries the request id for support. */
export const DetailErrorSchema = z.object({
  detail: z.string(),
  request_id: z.string().optional(),
});
export type DetailError = z.infer<typeof DetailErrorSchema>;

/** A 400 body: field name to messages, nested for nested objects, `non_field_errors` for the rest. */
export type FieldErrors = { [field: string]: string[] | FieldErrors | FieldErrors[] };
export const FieldErrorsSchema: z.ZodType<FieldErrors> = z
  .lazy(() =>
    z.record(z.string(), z.union([z.array(z.string()), FieldErrorsSchema, z.array(FieldErrorsSchema)])),
  )
  // The schema refers to itself, so OpenAPI needs it as a named component.
  .meta({ id: 'FieldErrors', description: 'Messages per field, nested like the request body.' });

/** Coded values travel as `{value, display}` in responses. */
export const CodedValueSchema = z.object({ value: z.string(), display: z.string() });
export type CodedValue = z.infer<typeof CodedValueSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  /**
   * Down for maintenance (FEATURE_MAINTENANCE, or a platform administrator's switch): the API answers 503
   * to everything but this and a few calls (maintenance/maintenance-schemas.ts).
   */
  maintenance: z.boolean(),
  version: z.string(),
});

/** The API's answer while the service is down for maintenance (503, with Retry-After). */
export const MAINTENANCE_DETAIL =
  'Referrals is down for maintenance and will be back shortly. Please try again later.';
export type Health = z.infer<typeof HealthSchema>;

/** A validation problem at a path in the input, as zod and the server's own checks report them. */
export type FieldIssue = { path: readonly PropertyKey[]; message: string };

/**
 * Turns issues into the DRF-style 400 body: `{field: [msg]}`, nested for objects and arrays
 * (`{carers: [{}, {email: [msg]}]}`), and `non_field_errors` for problems with the input as a whole.
 */
export function fieldErrorsFromIssues(issues: readonly FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path =
      issue.path.length > 0
        ? issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))
        : ['non_field_errors'];
    addAtPath(errors, path, issue.message);
  }
  return errors;
}

function addAtPath(container: FieldErrors | FieldErrors[], path: (string | number)[], message: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (Array.isArray(container)) {
    const index = Number(head);
    while (container.length <= index) container.push({});
    addAtPath(container[index] as FieldErrors, rest, message);
    return;
  }
  const key = String(head);
  if (rest.length === 0) {
    const existing = container[key];
    if (Array.isArray(existing) && existing.every((m) => typeof m === 'string')) existing.push(message);
    else container[key] = [message];
    return;
  }
  // A list of records gets a list of error objects (`carers: [{}, {email: [...]}]`); an item of a list of
  // plain values has no fields of its own, so its messages are keyed by its index (`x: {"1": [...]}`), as DRF does.
  const nextIsIndex = typeof rest[0] === 'number' && rest.length > 1;
  let child = container[key];
  if (
    child === undefined ||
    (Array.isArray(child) && child.every((m) => typeof m === 'string') && child.length > 0)
  ) {
    child = nextIsIndex ? [] : {};
    container[key] = child;
  }
  addAtPath(child as FieldErrors | FieldErrors[], rest, message);
}

/**
 * `order_by=field` or `order_by=-field` over the fields a list allows; anything else is a 400 rather than
 * silently ignored (api-conventions.md, Lists).
 */
export function orderBySchema<const F extends readonly [string, ...string[]]>(
  fields: F,
  fallback: `${'' | '-'}${F[number]}`,
) {
  const allowed = new Set<string>(fields);
  return z
    .string()
    .default(fallback)
    .refine((value) => allowed.has(value.replace(/^-/, '')), {
      message: `Unknown ordering. Choose one of: ${fields.join(', ')} (prefix - for descending).`,
    })
    .transform((value) => ({
      field: value.replace(/^-/, ''),
      direction: value.startsWith('-') ? ('desc' as const) : ('asc' as const),
    }));
}
