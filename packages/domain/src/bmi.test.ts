import { describe, it, expect } from 'vitest';
import { calculateBmi } from './bmi.ts';

describe('calculateBmi', () => {
  it('divides weight in kg by height in metres squared, to 1 decimal', () => {
    expect(calculateBmi(70, 175)).toBe('22.9');
    expect(calculateBmi(80, 200)).toBe('20.0');
    expect(calculateBmi(100, 150)).toBe('44.4');
  });

  it('accepts numbers typed into form fields as strings', () => {
    expect(calculateBmi('70', '175')).toBe('22.9');
    expect(calculateBmi(' 62.5 ', '160')).toBe('24.4');
  });

  it('rounds to the nearest tenth, halves up', () => {
    // 84.2 / 1.9^2 = 23.324..., 61.4 / 1.6^2 = 23.984...
    expect(calculateBmi(84.2, 190)).toBe('23.3');
    expect(calculateBmi(61.4, 160)).toBe('24.0');
    // At 100 cm the BMI equals the weight; 22.45 is a half that toFixed alone rounds down to 22.4.
    expect(calculateBmi(22.45, 100)).toBe('22.5');
    expect(calculateBmi(22.65, 100)).toBe('22.7');
  });

  it("gives 'NA' when an input is empty or missing", () => {
    expect(calculateBmi('', '175')).toBe('NA');
    expect(calculateBmi('70', '')).toBe('NA');
    expect(calculateBmi('  ', 175)).toBe('NA');
    expect(calculateBmi(null, 175)).toBe('NA');
    expect(calculateBmi(70, undefined)).toBe('NA');
  });

  it("gives 'NA' when an input is not a number", () => {
    expect(calculateBmi('seventy', 175)).toBe('NA');
    expect(calculateBmi(70, '175cm')).toBe('NA');
    expect(calculateBmi(Number.NaN, 175)).toBe('NA');
    expect(calculateBmi(70, Number.POSITIVE_INFINITY)).toBe('NA');
  });

  it("gives 'NA' for a zero or negative height or weight", () => {
    expect(calculateBmi(70, 0)).toBe('NA');
    expect(calculateBmi(70, -175)).toBe('NA');
    expect(calculateBmi(0, 175)).toBe('NA');
    expect(calculateBmi(-70, 175)).toBe('NA');
  });
});
