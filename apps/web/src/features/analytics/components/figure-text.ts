import { SUPPRESSED_TEXT } from '@referrals/domain/analytics/waiting-times';

/**
 * How the page writes a figure, in its charts' tables and their CSV alike. The API gives a suppressed
 * count as null (1 to 4 referrals), and a figure as null either because its count is suppressed or because
 * there was nothing to measure; the count says which.
 */

/** Shown where there is nothing to measure (no referral in the cell). */
export const NONE_TEXT = '–';

export function countText(count: number | null): string | number {
  return count ?? SUPPRESSED_TEXT;
}

/** A figure computed from `count` referrals: days, or a share as a percentage. */
export function figureText(
  value: number | null,
  count: number | null,
  format: (value: number) => string | number = (days) => days,
): string | number {
  if (count === null) return SUPPRESSED_TEXT;
  return value === null ? NONE_TEXT : format(value);
}

export const percent = (share: number) => `${Math.round(share * 100)}%`;
