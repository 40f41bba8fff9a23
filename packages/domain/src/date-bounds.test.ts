import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BoundedDateSchema,
  CARD_EXPIRY_MESSAGE,
  CARD_EXPIRY_RANGE_MESSAGE,
  CardExpirySchema,
  DATE_MESSAGE,
  DATE_RANGE_MESSAGE,
  DOB_IN_FUTURE_MESSAGE,
  DOB_TOO_EARLY_MESSAGE,
  DateOfBirthSchema,
  boundedDateProblem,
  cardExpiryProblem,
  clearableDate,
  dateOfBirthProblem,
  todayInAustralia,
} from './date-bounds.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('todayInAustralia', () => {
  it('is the date in Sydney, a day ahead of UTC in the Australian morning', () => {
    expect(todayInAustralia(new Date('2026-01-15T13:30:00Z'))).toBe('2026-01-16');
    expect(todayInAustralia(new Date('2026-07-15T13:30:00Z'))).toBe('2026-07-15');
  });
});

describe('dateOfBirthProblem', () => {
  const now = new Date('2026-01-15T13:30:00Z'); // 16 Jan 2026 in Sydney, 15 Jan in Perth and UTC

  it('accepts 1 Jan 1900, ordinary dates and today in Australia', () => {
    for (const dob of ['1900-01-01', '1971-05-04', '2000-02-29', '2026-01-16']) {
      expect(dateOfBirthProblem(dob, now)).toBeUndefined();
    }
  });

  it('refuses a date before 1900, year 0000 included', () => {
    for (const dob of ['1899-12-31', '0001-01-01', '0000-01-01']) {
      expect(dateOfBirthProblem(dob, now)).toBe(DOB_TOO_EARLY_MESSAGE);
    }
  });

  it('refuses tomorrow and 9999-12-31 as in the future', () => {
    expect(dateOfBirthProblem('2026-01-17', now)).toBe(DOB_IN_FUTURE_MESSAGE);
    expect(dateOfBirthProblem('9999-12-31', now)).toBe(DOB_IN_FUTURE_MESSAGE);
  });

  it('refuses what is not a calendar date', () => {
    for (const dob of ['2026-02-30', '2025-02-29', '+275760-09-13', '1971-5-4', '04/05/1971', '', ' ']) {
      expect(dateOfBirthProblem(dob, now)).toBe(DATE_MESSAGE);
    }
  });
});

describe('DateOfBirthSchema', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads today when it checks, not when it was built', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-06-01T00:00:00Z'));
    expect(DateOfBirthSchema.safeParse('2030-06-01').success).toBe(true);
    vi.setSystemTime(new Date('2030-05-01T00:00:00Z'));
    expect(messages(DateOfBirthSchema.safeParse('2030-06-01'))).toEqual([DOB_IN_FUTURE_MESSAGE]);
  });

  it('gives one message per mistake, and the date message for a non-string', () => {
    expect(messages(DateOfBirthSchema.safeParse('0000-01-01'))).toEqual([DOB_TOO_EARLY_MESSAGE]);
    expect(messages(DateOfBirthSchema.safeParse('not a date'))).toEqual([DATE_MESSAGE]);
    expect(messages(DateOfBirthSchema.safeParse(19710504))).toEqual([DATE_MESSAGE]);
  });
});

describe('clearableDate', () => {
  const dob = clearableDate(DateOfBirthSchema, DATE_MESSAGE);

  it('takes an empty string or null as a cleared field', () => {
    expect(dob.parse('')).toBe('');
    expect(dob.parse(null)).toBeNull();
  });

  it("shows the date's own message, not a generic one", () => {
    expect(messages(dob.safeParse('9999-12-31'))).toEqual([DOB_IN_FUTURE_MESSAGE]);
    expect(messages(dob.safeParse('0000-01-01'))).toEqual([DOB_TOO_EARLY_MESSAGE]);
    expect(messages(dob.safeParse(42))).toEqual([DATE_MESSAGE]);
    expect(messages(dob.safeParse({ date: '1971-05-04' }))).toEqual([DATE_MESSAGE]);
  });
});

describe('boundedDateProblem and BoundedDateSchema', () => {
  it('accepts 1 Jan 1900 to 31 Dec 2100', () => {
    for (const date of ['1900-01-01', '2026-11-23', '2100-12-31']) {
      expect(boundedDateProblem(date)).toBeUndefined();
    }
  });

  it('refuses dates outside the range and non-dates', () => {
    expect(boundedDateProblem('1899-12-31')).toBe(DATE_RANGE_MESSAGE);
    expect(boundedDateProblem('2101-01-01')).toBe(DATE_RANGE_MESSAGE);
    expect(boundedDateProblem('0000-01-01')).toBe(DATE_RANGE_MESSAGE);
    expect(boundedDateProblem('9999-12-31')).toBe(DATE_RANGE_MESSAGE);
    expect(boundedDateProblem('2026-02-30')).toBe(DATE_MESSAGE);
    expect(messages(BoundedDateSchema.safeParse('9999-12-31'))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(BoundedDateSchema.safeParse(null))).toEqual([DATE_MESSAGE]);
  });
});

describe('cardExpiryProblem and CardExpirySchema (Medicare expiry as printed, MM/YYYY)', () => {
  it('accepts MM/YYYY from 01/1900 to 12/2100', () => {
    for (const expiry of ['08/2029', '01/1900', '12/2100']) {
      expect(cardExpiryProblem(expiry)).toBeUndefined();
    }
  });

  it('refuses other shapes and month 13', () => {
    for (const expiry of ['8/2029', '2029-08', '13/2029', '00/2029', '08/29', '08/2029 ', '']) {
      expect(cardExpiryProblem(expiry)).toBe(CARD_EXPIRY_MESSAGE);
    }
  });

  it('refuses years outside 1900 to 2100', () => {
    for (const expiry of ['08/0000', '12/1899', '01/2101', '12/9999']) {
      expect(cardExpiryProblem(expiry)).toBe(CARD_EXPIRY_RANGE_MESSAGE);
    }
    expect(messages(CardExpirySchema.safeParse('12/9999'))).toEqual([CARD_EXPIRY_RANGE_MESSAGE]);
  });
});
