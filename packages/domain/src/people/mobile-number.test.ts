import { describe, expect, it } from 'vitest';
import { australianMobileNumber } from './mobile-number.ts';

describe('an Australian mobile number for a text message', () => {
  it('turns the ways people write a mobile into E.164', () => {
    for (const written of [
      '0412 345 678',
      '0412345678',
      '0412-345-678',
      '(0412) 345 678',
      ' 0412.345.678 ',
      '+61 412 345 678',
      '+61412345678',
      '+61 (0)412 345 678',
      '0061 412 345 678',
      '61 412 345 678',
    ])
      expect(australianMobileNumber(written), written).toBe('+61412345678');
    expect(australianMobileNumber('0499 999 999')).toBe('+61499999999');
  });

  it('refuses landlines, service numbers, foreign and malformed numbers, and nothing', () => {
    for (const other of [
      '02 9876 5432',
      '(03) 9876 5432',
      '+61 2 9876 5432',
      '1300 123 456',
      '1800 123 456',
      '13 12 34',
      '+64 21 123 4567',
      '+44 7700 900123',
      '0412 345 67',
      '0412 345 6789',
      '412 345 678',
      '0412 345 67a',
      '',
      null,
      undefined,
    ])
      expect(australianMobileNumber(other), String(other)).toBeNull();
  });
});
