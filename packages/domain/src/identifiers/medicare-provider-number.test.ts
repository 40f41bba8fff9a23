import { describe, expect, it } from 'vitest';
import {
  PLV_ALPHABET,
  PROVIDER_NUMBER_MESSAGE,
  ProviderNumberSchema,
  isValidProviderNumber,
  normaliseProviderNumber,
  providerNumberCheckCharacter,
} from './medicare-provider-number.ts';

describe('Medicare provider numbers', () => {
  it('accepts 2426621B and rejects 2940975Y', () => {
    // 2*3 + 4*5 + 2*8 + 6*4 + 6*2 + 2*1 + 1*6 = 86; 86 mod 11 = 9 -> B
    expect(providerNumberCheckCharacter('2426621')).toBe('B');
    expect(isValidProviderNumber('2426621B')).toBe(true);
    // 2*3 + 9*5 + 4*8 + 0*4 + 9*2 + 7*1 + 5*6 = 138; 138 mod 11 = 6 -> J, not Y
    expect(providerNumberCheckCharacter('2940975')).toBe('J');
    expect(isValidProviderNumber('2940975Y')).toBe(false);
    expect(isValidProviderNumber('2940975J')).toBe(true);
  });

  it('weights a letter location by its index in the PLV alphabet', () => {
    expect(PLV_ALPHABET).toHaveLength(32);
    // 86 - 6 (location 1) + 6*10 (location A) = 140; 140 mod 11 = 8 -> F
    expect(providerNumberCheckCharacter('242662A')).toBe('F');
    expect(isValidProviderNumber('242662AF')).toBe(true);
    // Y is the last location (31): 186 mod 11 = 10 -> A; a zero sum gives the first check character, Y
    expect(isValidProviderNumber('000000YA')).toBe(true);
    expect(isValidProviderNumber('0000000Y')).toBe(true);
  });

  it('keeps a leading-zero stem as given', () => {
    // 0*3 + 1*5 + 2*8 + 3*4 + 4*2 + 5*1 + 1*6 = 52; 52 mod 11 = 8 -> F
    expect(isValidProviderNumber('0123451F')).toBe(true);
    expect(ProviderNumberSchema.parse('0123451F')).toBe('0123451F');
  });

  it('rejects location characters outside the PLV alphabet (I, O, S, Z)', () => {
    for (const location of ['I', 'O', 'S', 'Z']) {
      for (const check of 'YXWTLKJHFBA')
        expect(isValidProviderNumber(`242662${location}${check}`)).toBe(false);
      expect(() => providerNumberCheckCharacter(`242662${location}`)).toThrow();
    }
  });

  it('normalises lower case and spaces', () => {
    expect(normaliseProviderNumber(' 242 662 1b ')).toBe('2426621B');
    expect(isValidProviderNumber('2426621b')).toBe(true);
    expect(isValidProviderNumber('242662 1B')).toBe(true);
    expect(providerNumberCheckCharacter('242662a')).toBe('F');
  });

  it('needs exactly 8 characters: no 7-digit stems, no extra characters', () => {
    expect(isValidProviderNumber('426621B')).toBe(false);
    expect(isValidProviderNumber('02426621B')).toBe(false);
    expect(isValidProviderNumber('2426621')).toBe(false);
    expect(isValidProviderNumber('2426621BB')).toBe(false);
    expect(isValidProviderNumber('2426-621B')).toBe(false);
    expect(isValidProviderNumber('')).toBe(false);
    expect(() => providerNumberCheckCharacter('242662')).toThrow();
    expect(() => providerNumberCheckCharacter('2426621B')).toThrow();
  });

  it('rejects a check character that is not in the check alphabet', () => {
    expect(isValidProviderNumber('2426621Z')).toBe(false);
    expect(isValidProviderNumber('24266210')).toBe(false);
  });

  it('parses to the normalised number and explains a bad one', () => {
    expect(ProviderNumberSchema.parse('2426621b')).toBe('2426621B');
    const bad = ProviderNumberSchema.safeParse('2940975Y');
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([PROVIDER_NUMBER_MESSAGE]);
    expect(PROVIDER_NUMBER_MESSAGE).toBe('Enter a valid Medicare provider number, e.g. 2426621B.');
    expect(ProviderNumberSchema.safeParse(null).error?.issues[0]?.message).toBe(PROVIDER_NUMBER_MESSAGE);
  });
});
