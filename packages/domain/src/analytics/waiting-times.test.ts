import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_RANGE_LENGTH_MESSAGE,
  ANALYTICS_RANGE_ORDER_MESSAGE,
  AnalyticsQuerySchema,
  canSeeAnalytics,
  defaultAnalyticsRange,
  RECOMMENDED_DAYS,
  suppressedCount,
  suppressedFigure,
  tableToCsv,
} from './waiting-times.ts';
import { overdueForAppointmentFrom } from '../referrals/referral-conditions.ts';

describe('waiting times and volumes', () => {
  it('suppresses a count of 1 to 4 and any figure from fewer than 5, and shows a zero', () => {
    expect([0, 1, 4, 5, 12].map(suppressedCount)).toEqual([0, null, null, 5, 12]);
    expect(suppressedFigure(4, 2.5)).toBeNull();
    expect(suppressedFigure(5, 2.5)).toBe(2.5);
    expect(suppressedFigure(0, null)).toBeNull();
  });

  it('measures "within the recommended time" by the same days as "overdue"', () => {
    const submitted = '2026-06-01T00:00:00Z';
    for (const category of ['CAT1', 'CAT2', 'CAT3'] as const) {
      const from = overdueForAppointmentFrom({
        status: 'ACPT',
        submitted_at: submitted,
        triage_category: category,
      });
      expect(from?.getTime()).toBe(Date.parse(submitted) + RECOMMENDED_DAYS[category] * 86_400_000);
    }
  });

  it('is for the account holder, practice managers and a department’s head, once approved', () => {
    const employment = (overrides: object = {}) => ({
      status: 'APPROVED' as const,
      is_account_holder: false,
      is_head_of_department: false,
      establishment: { type: 'HL' as const },
      ...overrides,
    });
    expect(canSeeAnalytics('SP', employment({ is_account_holder: true }))).toBe(true);
    expect(canSeeAnalytics('PM', employment())).toBe(true);
    expect(canSeeAnalytics('PM', employment({ status: 'UNVERIFIED' }))).toBe(false);
    expect(canSeeAnalytics('PM', employment({ establishment: { type: 'PA' } }))).toBe(false);
    expect(canSeeAnalytics('SP', employment())).toBe(false);
    expect(
      canSeeAnalytics('SP', employment({ is_head_of_department: true, establishment: { type: 'DT' } })),
    ).toBe(true);
    expect(canSeeAnalytics('SP', employment({ is_head_of_department: true }))).toBe(false);
    expect(canSeeAnalytics('GP', null)).toBe(false);
  });

  it('takes a range of up to three years, its end on or after its start', () => {
    const parse = (from: string, to: string) => AnalyticsQuerySchema.safeParse({ from, to });
    expect(parse('2026-01-01', '2026-06-30').success).toBe(true);
    expect(parse('2026-06-30', '2026-06-29').error?.issues[0]?.message).toBe(ANALYTICS_RANGE_ORDER_MESSAGE);
    expect(parse('2023-01-01', '2026-01-01').error?.issues[0]?.message).toBe(ANALYTICS_RANGE_LENGTH_MESSAGE);
    expect(parse('2023-06-30', '2026-06-30').error?.issues[0]?.message).toBe(ANALYTICS_RANGE_LENGTH_MESSAGE);
    expect(parse('2023-07-01', '2026-06-30').success).toBe(true);
  });

  it('opens on the last 26 weeks, today in Australia included', () => {
    // 10 am on 1 July in Sydney is still 30 June in UTC.
    expect(defaultAnalyticsRange(new Date('2026-07-01T00:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-07-01',
    });
  });

  it('writes a table as CSV, quoting what needs it', () => {
    expect(
      tableToCsv(
        ['Week', 'Received'],
        [
          ['1 Jun 2026', 5],
          ['8 Jun 2026', '<5'],
          ['Say "hi", then', 0],
        ],
      ),
    ).toBe('Week,Received\r\n1 Jun 2026,5\r\n8 Jun 2026,<5\r\n"Say ""hi"", then",0\r\n');
  });
});
