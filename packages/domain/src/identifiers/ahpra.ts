import { z } from 'zod';

/**
 * AHPRA registration numbers: a 3-letter profession prefix (MED, NMW, PSY, PHA, PHY, OCC, DEN, OPT, POD,
 * CHI, OST, MRP, ATS, PAR...) and 10 digits, e.g. MED0001234567. Ahpra adds prefixes over time, so any
 * three letters are accepted rather than a list that would go stale.
 */
const AHPRA_NUMBER_PATTERN = /^[A-Z]{3}\d{10}$/;

/** The message shown for a malformed AHPRA registration number. */
export const AHPRA_NUMBER_MESSAGE =
  'Enter an AHPRA registration number: 3 letters and 10 digits, e.g. MED0001234567.';

/** An AHPRA number as stored: upper case with all whitespace removed (section 3 Profile: ahpra_num). */
export function normaliseAhpraNumber(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Whether the input, once normalised, is 3 letters and 10 digits (section 3 Profile: ahpra_num). */
export function isValidAhpraNumber(input: string): boolean {
  return AHPRA_NUMBER_PATTERN.test(normaliseAhpraNumber(input));
}

/** Normalises, then accepts only 3 letters and 10 digits (section 5 Profile save: ahpra_num). */
export const AhpraNumberSchema = z
  .string({ error: AHPRA_NUMBER_MESSAGE })
  .overwrite(normaliseAhpraNumber)
  .regex(AHPRA_NUMBER_PATTERN, { message: AHPRA_NUMBER_MESSAGE });
