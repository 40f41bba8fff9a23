/**
 * Medicare card numbers: ten digits, the first 2 to 6, the ninth a check digit (the first eight weighted
 * 1 3 7 9 1 3 7 9, summed, mod 10), the tenth the issue number (not 0).
 */
const WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9] as const;

/** The check digit for the first eight digits of a Medicare card number. */
export function medicareCheckDigit(firstEight: string): number {
  if (!/^\d{8}$/.test(firstEight)) throw new Error('A Medicare check digit needs exactly eight digits.');
  return WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(firstEight[i]), 0) % 10;
}

/** Whether a 10-digit Medicare card number (spaces allowed) has a valid first digit, check digit and issue number. */
export function isValidMedicareCardNumber(input: string): boolean {
  const digits = input.replace(/\s+/g, '');
  if (!/^[2-6]\d{9}$/.test(digits)) return false;
  return medicareCheckDigit(digits.slice(0, 8)) === Number(digits[8]) && digits[9] !== '0';
}
