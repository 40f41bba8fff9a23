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
    const context = (role: string, overrides: object = {}, establishmentType = 'HL') =>
      ({
        role,
        establishmentType,
        employment: {
          priority: 1,
          status: 'APPROVED',
          can_send_referral: true,
          has_shared_inbox_access: false,
          has_shared_outbox_access: false,
          is_head_of_department: false,
          has_special_access: false,
          is_account_holder: false,
          ...overrides,
        },
      }) as Parameters<typeof canSeeAnalytics>[0];
    expect(canSeeAnalytics(context('SP', { is_account_holder: true }))).toBe(true);
    expect(canSeeAnalytics(context('PM'))).toBe(true);
    expect(canSeeAnalytics(context('PM', { status: 'UNVERIFIED' }))).toBe(false);
    expect(canSeeAnalytics(context('PM', {}, 'PA'))).toBe(false);
    expect(canSeeAnalytics(context('SP'))).toBe(false);
    expect(canSeeAnalytics(context('SP', { is_head_of_department: true }, 'DT'))).toBe(true);
    expect(canSeeAnalytics(context('SP', { is_head_of_department: true }))).toBe(false);
    expect(canSeeAnalytics({ role: 'GP', establishmentType: 'PR', employment: null })).toBe(false);
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
