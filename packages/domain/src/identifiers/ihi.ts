import { z } from 'zod';

/**
 * Individual Healthcare Identifiers: 16 digits, the prefix 800360 (Australia, individuals), the last a Luhn
 * check digit over the first fifteen.
 */
const IHI_PATTERN = /^800360\d{10}$/;

/** The message shown for a malformed IHI. */
export const IHI_MESSAGE = 'Enter a valid IHI: 16 digits starting 800360.';

/** An IHI as stored: digits only, spaces removed (section 3 Patient: ihi). */
export function normaliseIhi(input: string): string {
  return input.replace(/\s+/g, '');
}

/** Whether a string of digits passes the Luhn check (its last digit is the check digit). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether the input (spaces allowed) is 16 digits, starts 800360 and passes Luhn (section 3 Patient: ihi). */
export function isValidIhi(input: string): boolean {
  const digits = normaliseIhi(input);
  return IHI_PATTERN.test(digits) && passesLuhn(digits);
}

/** Normalises, then accepts only a valid IHI. */
export const IhiSchema = z
  .string({ error: IHI_MESSAGE })
  .overwrite(normaliseIhi)
  .refine(isValidIhi, { message: IHI_MESSAGE });
