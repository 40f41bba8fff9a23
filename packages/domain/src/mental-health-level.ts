/**
 * The mental-health service-level helper (section 5): the Australian Initial Assessment and Referral
 * (IAR) Decision Support Tool's level of care from an age group and eight domain ratings.
 */

export const MENTAL_HEALTH_AGE_GROUPS = ['child', 'adolescent', 'adult', 'older-adult'] as const;
export type MentalHealthAgeGroup = (typeof MENTAL_HEALTH_AGE_GROUPS)[number];

export const MENTAL_HEALTH_DOMAINS = ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8'] as const;
export type MentalHealthDomain = (typeof MENTAL_HEALTH_DOMAINS)[number];

/** A rating as it comes from a form: 0 to 4, as a number or a string; empty or missing means not selected. */
export type MentalHealthRating = number | string | null | undefined;

export type MentalHealthLevelInput = {
  ageGroup: string;
  /** D1 to D8. D8 is the adult or the older-adult version of the domain; the caller picks which. */
  ratings: Partial<Record<MentalHealthDomain, MentalHealthRating>>;
};

export const MENTAL_HEALTH_LEVEL_LABELS = {
  selfManagement: 'Self Management (Level 1)',
  lowIntensity: 'Low intensity (Level 2)',
  lowIntensityOrAbove: 'Low intensity or above (Level 2+)',
  moderateOrAbove: 'Moderate or above (Level 3+)',
  highOrAbove: 'High or above (Level 4+)',
  acute: 'Acute and specialist community mental health services (Level 5)',
} as const;

export const INCOMPLETE_RATINGS_MESSAGE =
  'Incomplete ratings. Please ensure all dropdowns have been selected.';
export const BAD_AGE_GROUP_MESSAGE = 'ageGroup must be one of child, adolescent, adult or older-adult';
export const UNABLE_TO_RATE_MESSAGE = 'Unable to rate inputs';

export type MentalHealthLevelResult =
  | {
      complete: true;
      /** The lowest level of care indicated (1 to 5). */
      level: 1 | 2 | 3 | 4 | 5;
      /** True for "or above" results (2+, 3+, 4+): the level is a floor, not a final answer. */
      orAbove: boolean;
      label: string;
    }
  | { complete: false; level: null; orAbove: false; label: string; message: string };

function result(
  level: 1 | 2 | 3 | 4 | 5,
  orAbove: boolean,
  label: string,
): Extract<MentalHealthLevelResult, { complete: true }> {
  return { complete: true, level, orAbove, label };
}

/** A rating 0-4, undefined when not selected; throws on anything else. */
function parseRating(value: MentalHealthRating): number | undefined {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return undefined;
  const rating = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(rating) || rating < 0 || rating > 4) throw new Error(UNABLE_TO_RATE_MESSAGE);
  return rating;
}

function isAgeGroup(value: unknown): value is MentalHealthAgeGroup {
  return typeof value === 'string' && (MENTAL_HEALTH_AGE_GROUPS as readonly string[]).includes(value);
}

/**
 * IAR level of care from D1-D8 (section 5 Mental-health service-level helper). Rules, first match wins:
 * 1. D1, D2 or D3 = 4 -> Level 5.
 * 2. D1-D4 all <= 1: Level 1 when D5-D8 are all <= 1 ("low others"), else Level 2.
 * 3. D1 = 3: Level 4+ if any of D2-D4 >= 2, else Level 3+.
 * 4. D1 = 2: Level 3+ if any of D2-D4 >= 2, else Level 2+ (the spec is silent; "or above" keeps it open).
 * 5. D1 0-1: Level 3+ if D2 or D3 >= 2 or D4 >= 3, else Level 2+.
 * Where rules overlap the higher level wins: rule 1 beats all. Rule 2 comes before rule 5 (which also
 * covers D1-D4 <= 1) because otherwise Level 1 could never be given.
 * The age group is validated but does not change the rules: the spec gives one rule set for all.
 * Missing ratings give the incomplete message; a bad age group or rating throws.
 */
export function mentalHealthServiceLevel(input: MentalHealthLevelInput): MentalHealthLevelResult {
  if (!isAgeGroup(input?.ageGroup)) throw new Error(BAD_AGE_GROUP_MESSAGE);
  let parsed: (number | undefined)[];
  try {
    parsed = MENTAL_HEALTH_DOMAINS.map((domain) => parseRating(input.ratings[domain]));
  } catch {
    // Ratings that are not an object, or a rating outside 0-4: one message for every such failure.
    throw new Error(UNABLE_TO_RATE_MESSAGE);
  }
  const [d1, d2, d3, d4, d5, d6, d7, d8] = parsed;
  if (
    d1 === undefined ||
    d2 === undefined ||
    d3 === undefined ||
    d4 === undefined ||
    d5 === undefined ||
    d6 === undefined ||
    d7 === undefined ||
    d8 === undefined
  ) {
    return {
      complete: false,
      level: null,
      orAbove: false,
      label: INCOMPLETE_RATINGS_MESSAGE,
      message: INCOMPLETE_RATINGS_MESSAGE,
    };
  }
  const labels = MENTAL_HEALTH_LEVEL_LABELS;

  if (d1 === 4 || d2 === 4 || d3 === 4) return result(5, false, labels.acute);

  if (d1 <= 1 && d2 <= 1 && d3 <= 1 && d4 <= 1) {
    const othersLow = d5 <= 1 && d6 <= 1 && d7 <= 1 && d8 <= 1;
    return othersLow ? result(1, false, labels.selfManagement) : result(2, false, labels.lowIntensity);
  }
  const anyOfD2ToD4AtLeast2 = d2 >= 2 || d3 >= 2 || d4 >= 2;
  if (d1 === 3) {
    return anyOfD2ToD4AtLeast2
      ? result(4, true, labels.highOrAbove)
      : result(3, true, labels.moderateOrAbove);
  }
  if (d1 === 2) {
    return anyOfD2ToD4AtLeast2
      ? result(3, true, labels.moderateOrAbove)
      : result(2, true, labels.lowIntensityOrAbove);
  }
  return d2 >= 2 || d3 >= 2 || d4 >= 3
    ? result(3, true, labels.moderateOrAbove)
    : result(2, true, labels.lowIntensityOrAbove);
}
