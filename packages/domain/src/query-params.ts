import { z } from 'zod';
import { NUL_MESSAGE } from './field-messages.ts';

/**
 * Query-string parameters the list calls share (api-conventions.md Lists): one reading of `true`, of a
 * comma list of codes and of a search text for every list, so the referral and report lists agree.
 */

/** Text without NUL (PostgreSQL cannot hold it), at most `max` characters. */
export const queryText = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\0]*$/, { message: NUL_MESSAGE });

/** A search text, trimmed; absent when not given. */
export const searchText = (max: number) => queryText(max).trim().optional();

/** `true`/`false` in a query string; absent is false. */
export const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** A comma list (`status=SBMT,VWD`), or the parameter repeated; each item must be one of `codes`. */
export function codeListParam<C extends string>(codes: z.ZodType<C, string>) {
  return z
    .union([queryText(200), z.array(queryText(200)).max(20)])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : typeof value === 'string' ? [value] : value)
        .flatMap((part) => part.split(','))
        .map((part) => part.trim().toUpperCase())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(codes));
}

/** An establishment parameter: its id, or `true` for the caller's current establishment. */
export const establishmentParam = z.union([z.enum(['true', 'false']), z.uuid()]).optional();

/** A 400 on submitted_before when it comes before submitted_after (the list queries' date range). */
export function checkSubmittedRange(
  query: { submitted_after?: string | undefined; submitted_before?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.submitted_after && query.submitted_before && query.submitted_after > query.submitted_before) {
    ctx.addIssue({
      code: 'custom',
      path: ['submitted_before'],
      message: 'Give a date on or after submitted_after.',
    });
  }
}
