import { describe, it, expect } from 'vitest';
import { mentalHealthServiceLevel, type MentalHealthLevelInput } from './mental-health-level.ts';

type Ratings = MentalHealthLevelInput['ratings'];
const ZERO = { D1: 0, D2: 0, D3: 0, D4: 0, D5: 0, D6: 0, D7: 0, D8: 0 };

function rate(overrides: Ratings, ageGroup = 'adult') {
  return mentalHealthServiceLevel({ ageGroup, ratings: { ...ZERO, ...overrides } });
}
const label = (overrides: Ratings, ageGroup?: string) => rate(overrides, ageGroup).label;

const LEVEL_1 = 'Self Management (Level 1)';
const LEVEL_2 = 'Low intensity (Level 2)';
const LEVEL_2_PLUS = 'Low intensity or above (Level 2+)';
const LEVEL_3_PLUS = 'Moderate or above (Level 3+)';
const LEVEL_4_PLUS = 'High or above (Level 4+)';
const LEVEL_5 = 'Acute and specialist community mental health services (Level 5)';
const INCOMPLETE = 'Incomplete ratings. Please ensure all dropdowns have been selected.';

describe('mentalHealthServiceLevel (section 5)', () => {
  it('gives Level 5 when any of D1, D2 or D3 is 4', () => {
    expect(rate({ D1: 4 })).toEqual({ complete: true, level: 5, orAbove: false, label: LEVEL_5 });
    expect(label({ D2: 4 })).toBe(LEVEL_5);
    expect(label({ D3: 4 })).toBe(LEVEL_5);
  });

  it('lets Level 5 win over every other rule', () => {
    expect(label({ D1: 3, D2: 4 })).toBe(LEVEL_5);
    expect(label({ D1: 2, D3: 4, D4: 4 })).toBe(LEVEL_5);
    expect(label({ D1: 1, D2: 1, D3: 4, D4: 1 })).toBe(LEVEL_5);
  });

  it('does not give Level 5 for D4 = 4 alone', () => {
    expect(label({ D4: 4 })).toBe(LEVEL_3_PLUS);
  });

  it('gives Self Management when D1-D4 are at most 1 and the others are low', () => {
    expect(rate({})).toEqual({ complete: true, level: 1, orAbove: false, label: LEVEL_1 });
    expect(label({ D1: 1, D2: 1, D3: 1, D4: 1, D5: 1, D6: 1, D7: 1, D8: 1 })).toBe(LEVEL_1);
  });

  it('gives Low intensity when D1-D4 are at most 1 but another rating is 2 or more', () => {
    expect(rate({ D5: 2 })).toEqual({ complete: true, level: 2, orAbove: false, label: LEVEL_2 });
    expect(label({ D1: 1, D6: 3 })).toBe(LEVEL_2);
    expect(label({ D7: 4 })).toBe(LEVEL_2);
    expect(label({ D8: 2 })).toBe(LEVEL_2);
  });

  describe('D1 0 to 1', () => {
    it('gives Low intensity or above when D4 is 2 and D2, D3 are below 2', () => {
      expect(rate({ D1: 1, D4: 2 })).toEqual({
        complete: true,
        level: 2,
        orAbove: true,
        label: LEVEL_2_PLUS,
      });
      expect(label({ D1: 0, D2: 1, D3: 1, D4: 2, D5: 3 })).toBe(LEVEL_2_PLUS);
    });

    it('gives Moderate or above when D2 or D3 is at least 2', () => {
      expect(rate({ D1: 1, D2: 2 })).toEqual({
        complete: true,
        level: 3,
        orAbove: true,
        label: LEVEL_3_PLUS,
      });
      expect(label({ D1: 0, D3: 2 })).toBe(LEVEL_3_PLUS);
      expect(label({ D1: 1, D2: 3 })).toBe(LEVEL_3_PLUS);
    });

    it('gives Moderate or above when D4 is at least 3', () => {
      expect(label({ D1: 1, D4: 3 })).toBe(LEVEL_3_PLUS);
      expect(label({ D1: 0, D4: 4 })).toBe(LEVEL_3_PLUS);
    });
  });

  describe('D1 = 2', () => {
    it('gives Moderate or above when any of D2 to D4 is at least 2', () => {
      expect(label({ D1: 2, D2: 2 })).toBe(LEVEL_3_PLUS);
      expect(label({ D1: 2, D3: 3 })).toBe(LEVEL_3_PLUS);
      expect(label({ D1: 2, D4: 2 })).toBe(LEVEL_3_PLUS);
    });

    it('gives Low intensity or above when D2 to D4 are all below 2 (the spec is silent)', () => {
      expect(rate({ D1: 2, D2: 1, D3: 1, D4: 1 })).toEqual({
        complete: true,
        level: 2,
        orAbove: true,
        label: LEVEL_2_PLUS,
      });
      expect(label({ D1: 2, D5: 4, D6: 4, D7: 4, D8: 4 })).toBe(LEVEL_2_PLUS);
    });
  });

  describe('D1 = 3', () => {
    it('gives High or above when any of D2 to D4 is at least 2', () => {
      expect(rate({ D1: 3, D2: 2 })).toEqual({
        complete: true,
        level: 4,
        orAbove: true,
        label: LEVEL_4_PLUS,
      });
      expect(label({ D1: 3, D3: 2 })).toBe(LEVEL_4_PLUS);
      expect(label({ D1: 3, D4: 4 })).toBe(LEVEL_4_PLUS);
    });

    it('gives Moderate or above otherwise', () => {
      expect(label({ D1: 3 })).toBe(LEVEL_3_PLUS);
      expect(label({ D1: 3, D2: 1, D3: 1, D4: 1, D5: 4 })).toBe(LEVEL_3_PLUS);
    });
  });

  it('applies the same rules to every age group', () => {
    for (const ageGroup of ['child', 'adolescent', 'adult', 'older-adult']) {
      expect(label({ D1: 3, D2: 2 }, ageGroup)).toBe(LEVEL_4_PLUS);
      expect(label({}, ageGroup)).toBe(LEVEL_1);
    }
  });

  it('accepts ratings as strings from dropdowns', () => {
    expect(
      mentalHealthServiceLevel({
        ageGroup: 'older-adult',
        ratings: { D1: '3', D2: '2', D3: '0', D4: '0', D5: '0', D6: '0', D7: '0', D8: '0' },
      }).label,
    ).toBe(LEVEL_4_PLUS);
  });

  describe('incomplete ratings', () => {
    it('carries the message when a rating is missing, null or empty', () => {
      const expected = {
        complete: false,
        level: null,
        orAbove: false,
        label: INCOMPLETE,
        message: INCOMPLETE,
      };
      const { D8: _omitted, ...withoutD8 } = ZERO;
      expect(mentalHealthServiceLevel({ ageGroup: 'adult', ratings: withoutD8 })).toEqual(expected);
      expect(rate({ D3: null })).toEqual(expected);
      expect(rate({ D1: '' })).toEqual(expected);
      expect(mentalHealthServiceLevel({ ageGroup: 'child', ratings: {} })).toEqual(expected);
    });

    it('does not rate a partial set even when D1 is 4', () => {
      expect(rate({ D1: 4, D5: undefined }).label).toBe(INCOMPLETE);
    });
  });

  describe('failures', () => {
    it('throws for a bad age group', () => {
      const message = 'ageGroup must be one of child, adolescent, adult or older-adult';
      expect(() => rate({}, 'elderly')).toThrow(message);
      expect(() => rate({}, '')).toThrow(message);
      expect(() => rate({}, 'Adult')).toThrow(message);
    });

    it('checks the age group before completeness', () => {
      expect(() => mentalHealthServiceLevel({ ageGroup: 'teen', ratings: {} })).toThrow(
        'ageGroup must be one of',
      );
    });

    it('throws Unable to rate inputs for ratings outside 0 to 4 or not whole numbers', () => {
      for (const bad of [5, -1, 1.5, 'abc', Number.NaN]) {
        expect(() => rate({ D2: bad })).toThrow('Unable to rate inputs');
      }
    });

    it('throws Unable to rate inputs when ratings are not an object', () => {
      const input = { ageGroup: 'adult', ratings: null } as unknown as MentalHealthLevelInput;
      expect(() => mentalHealthServiceLevel(input)).toThrow('Unable to rate inputs');
    });
  });
});
