import { describe, expect, it } from 'vitest';
import { IhiSchema, isValidIhi, passesLuhn } from './ihi.ts';

describe('IHI', () => {
  it('accepts a 16-digit number with the 800360 prefix and a good Luhn digit, spaces allowed', () => {
    expect(isValidIhi('8003608333428779')).toBe(true);
    expect(isValidIhi('8003 6083 3342 8779')).toBe(true);
    expect(IhiSchema.parse('8003 6083 3342 8779')).toBe('8003608333428779');
  });

  it('rejects a wrong check digit, another prefix and the wrong length', () => {
    expect(isValidIhi('8003608333428778')).toBe(false);
    expect(isValidIhi('8003618333428779')).toBe(false);
    expect(isValidIhi('800360833342877')).toBe(false);
    expect(isValidIhi('80036083334287790')).toBe(false);
    expect(IhiSchema.safeParse('8003608333428778').success).toBe(false);
  });

  it('computes Luhn as the standard algorithm', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});
