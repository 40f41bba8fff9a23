import { describe, expect, it } from 'vitest';
import { isValidMedicareCardNumber, medicareCheckDigit } from './medicare-card.ts';

describe('Medicare card numbers', () => {
  it('computes the check digit from the first eight digits', () => {
    // 2*1 + 1*3 + 2*7 + 3*9 + 4*1 + 5*3 + 6*7 + 7*9 = 170 -> 0
    expect(medicareCheckDigit('21234567')).toBe(0);
    expect(medicareCheckDigit('29509102')).toBe((2 + 27 + 35 + 0 + 9 + 3 + 0 + 18) % 10);
  });

  it('accepts a well-formed number with spaces and rejects a wrong check digit', () => {
    expect(isValidMedicareCardNumber('2123 45670 1')).toBe(true);
    expect(isValidMedicareCardNumber('2123456711')).toBe(false);
  });

  it('rejects a first digit outside 2 to 6, a zero issue number and the wrong length', () => {
    expect(isValidMedicareCardNumber('7123456701')).toBe(false);
    expect(isValidMedicareCardNumber('2123456700')).toBe(false);
    expect(isValidMedicareCardNumber('212345670')).toBe(false);
  });
});
