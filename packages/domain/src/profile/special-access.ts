import { z } from 'zod';
import { codeOf, type Code } from '../codes.ts';
import type { EstablishmentType } from '../establishments/establishment-codes.ts';
import { ACTIVE_EMPLOYMENT_STATUSES } from '../people/people-codes.ts';

/**
 * Registration page 4, special access (spec section 2 Registration wizard; section 3 Employment:
 * is_head_of_department, has_special_access). At a hospital or a hospital department a clinician may ask
 * to be recognised as head of department and may ask for special access; the establishment's account
 * holder grants either. The request is kept on the employment (`*_requested`); the grant is the flag
 * itself.
 */

/** Establishment types where head of department and special access apply: hospitals and departments. */
export const SPECIAL_ACCESS_ESTABLISHMENT_TYPES = [
  'HL',
  'DT',
] as const satisfies readonly EstablishmentType[];

/** The message for an employment at a place where special access does not apply. */
export const SPECIAL_ACCESS_NOT_APPLICABLE_MESSAGE =
  'Head of department and special access apply only at hospitals and their departments.';

/** What the rule needs of an employment: an Employment fits, and so does a stored row's bare codes. */
type SpecialAccessCandidate = {
  establishment: { type: Code<string> };
  status: Code<string>;
};

/** Whether one may ask for head of department or special access at this employment: an active one at HL or DT. */
export function allowsSpecialAccessRequest(employment: SpecialAccessCandidate): boolean {
  const type = codeOf(employment.establishment.type) ?? '';
  const status = codeOf(employment.status) ?? '';
  return (
    (SPECIAL_ACCESS_ESTABLISHMENT_TYPES as readonly string[]).includes(type) &&
    (ACTIVE_EMPLOYMENT_STATUSES as readonly string[]).includes(status)
  );
}

/** The employments registration page 4 asks about; none means the page is skipped (section 2). */
export function specialAccessEmployments<T extends SpecialAccessCandidate>(employments: readonly T[]): T[] {
  return employments.filter(allowsSpecialAccessRequest);
}

/** One employment's answers on registration page 4. */
export const SpecialAccessRequestSchema = z.object({
  employment_id: z.string().min(1),
  head_of_department_requested: z.boolean(),
  special_access_requested: z.boolean(),
});
export type SpecialAccessRequest = z.infer<typeof SpecialAccessRequestSchema>;

/** PUT profile/special-access/: the answers for some of the caller's own employments. */
export const SpecialAccessUpdateSchema = z.array(SpecialAccessRequestSchema).max(10);
export type SpecialAccessUpdate = z.infer<typeof SpecialAccessUpdateSchema>;
