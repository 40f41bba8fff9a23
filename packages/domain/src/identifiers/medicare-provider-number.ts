import { z } from 'zod';

/**
 * Medicare provider numbers: a 6-digit stem, a practice-location character and a check character, e.g.
 * 2426621B. The check: stem digits weighted 3 5 8 4 2 1, plus 6 times the location character's value (its
 * index in PLV_ALPHABET), sum mod 11, indexing CHECK_ALPHABET.
 */

/** Practice-location characters in value order: digits, then letters without I, O, S and Z. */
export const PLV_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUVWXY';

/** Check characters indexed by the weighted sum mod 11. */
export const PROVIDER_NUMBER_CHECK_ALPHABET = 'YXWTLKJHFBA';

const STEM_WEIGHTS = [3, 5, 8, 4, 2, 1] as const;
const LOCATION_WEIGHT = 6;
const STEM_AND_LOCATION_PATTERN = new RegExp(`^\\d{6}[${PLV_ALPHABET}]$`);
const PROVIDER_NUMBER_PATTERN = new RegExp(`^\\d{6}[${PLV_ALPHABET}][${PROVIDER_NUMBER_CHECK_ALPHABET}]$`);

/** The message shown for a malformed Medicare provider number. */
export const PROVIDER_NUMBER_MESSAGE = 'Enter a valid Medicare provider number, e.g. 2426621B.';

/** A provider number as stored: upper case with all whitespace removed; a leading zero is kept (section 3 Profile). */
export function normaliseProviderNumber(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The check character of a 6-digit stem plus location character; throws on anything else (section 3 Profile). */
export function providerNumberCheckCharacter(stemAndLocation: string): string {
  const value = normaliseProviderNumber(stemAndLocation);
  if (!STEM_AND_LOCATION_PATTERN.test(value)) {
    throw new Error('A provider number check character needs 6 digits and a practice-location character.');
  }
  const stemSum = STEM_WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(value[i]), 0);
  const location = PLV_ALPHABET.indexOf(value.charAt(6));
  const check = PROVIDER_NUMBER_CHECK_ALPHABET.charAt((stemSum + LOCATION_WEIGHT * location) % 11);
  return check;
}

/** Whether the input, once normalised, is exactly 8 characters with a valid location and check character (section 3 Profile). */
export function isValidProviderNumber(input: string): boolean {
  const value = normaliseProviderNumber(input);
  if (!PROVIDER_NUMBER_PATTERN.test(value)) return false;
  return providerNumberCheckCharacter(value.slice(0, 7)) === value.charAt(7);
}

/** Normalises, then accepts only a provider number whose check character matches (section 5 Profile save). */
export const ProviderNumberSchema = z
  .string({ error: PROVIDER_NUMBER_MESSAGE })
  .overwrite(normaliseProviderNumber)
  .refine(isValidProviderNumber, { message: PROVIDER_NUMBER_MESSAGE });
