import { describe, expect, it } from 'vitest';
import {
  AHPRA_NUMBER_MESSAGE,
  AhpraNumberSchema,
  isValidAhpraNumber,
  normaliseAhpraNumber,
} from './ahpra.ts';

describe('AHPRA registration numbers', () => {
  it('accepts 3 letters and 10 digits, with any profession prefix', () => {
    expect(isValidAhpraNumber('MED0001234567')).toBe(true);
    expect(isValidAhpraNumber('NMW0001234567')).toBe(true);
    expect(isValidAhpraNumber('PSY0001234567')).toBe(true);
    expect(isValidAhpraNumber('XYZ9999999999')).toBe(true);
  });

  it('normalises lower case and spaces before checking', () => {
    expect(normaliseAhpraNumber(' med 000 123 4567 ')).toBe('MED0001234567');
    expect(isValidAhpraNumber('med0001234567')).toBe(true);
    expect(isValidAhpraNumber('MED 0001 234 567')).toBe(true);
  });

  it('rejects the wrong number of letters or digits and digits in the prefix', () => {
    expect(isValidAhpraNumber('ME0001234567')).toBe(false);
    expect(isValidAhpraNumber('MEDI0001234567')).toBe(false);
    expect(isValidAhpraNumber('MED000123456')).toBe(false);
    expect(isValidAhpraNumber('MED00012345678')).toBe(false);
    expect(isValidAhpraNumber('M3D0001234567')).toBe(false);
    expect(isValidAhpraNumber('MED000123456X')).toBe(false);
    expect(isValidAhpraNumber('')).toBe(false);
  });

  it('parses to the normalised number and explains a bad one', () => {
    expect(AhpraNumberSchema.parse('med 0001234567')).toBe('MED0001234567');
    const bad = AhpraNumberSchema.safeParse('MED123');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([AHPRA_NUMBER_MESSAGE]);
    expect(AHPRA_NUMBER_MESSAGE).toBe(
      'Enter an AHPRA registration number: 3 letters and 10 digits, e.g. MED0001234567.',
    );
    expect(AhpraNumberSchema.safeParse(1234567890).error?.issues[0]?.message).toBe(AHPRA_NUMBER_MESSAGE);
  });
});
