import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REFERRER_MESSAGE,
  isAppointmentDue,
  isDueForRenewal,
  isOverdueForAppointment,
  isPendingAction,
  overdueForAppointmentFrom,
  referralConditions,
  referralDurationMonths,
  referralExpiresAt,
  renewalDurationMonths,
} from './referral-conditions.ts';
import type { ReferralStatus } from './referral-codes.ts';

const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-06-15T02:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('pending action', () => {
  it.each<[ReferralStatus, boolean]>([
    ['SBMT', true],
    ['VWD', true],
    ['UPDT', true],
    ['ACPT', false],
    ['DRFT', false],
    ['RTRN', false],
  ])('is %s for the receiver: %s', (status, pending) => {
    expect(isPendingAction({ status }, 'receiver')).toBe(pending);
  });

  it('is never the sender side', () => {
    expect(isPendingAction({ status: 'SBMT' }, 'sender')).toBe(false);
  });
});

describe('due for renewal', () => {
  it('is due when expiry is exactly 30 days away, not a millisecond later', () => {
    expect(isDueForRenewal({ status: 'ACPT', expires_at: at(30 * DAY) }, NOW)).toBe(true);
    expect(isDueForRenewal({ status: 'ACPT', expires_at: at(30 * DAY + 1) }, NOW)).toBe(false);
  });

  it('stays due once expired', () => {
    expect(isDueForRenewal({ status: 'SCHDL', expires_at: at(-400 * DAY) }, NOW)).toBe(true);
  });

  it('applies to ACPT, WLST and SCHDL only', () => {
    const expires_at = at(DAY).toISOString();
    expect(isDueForRenewal({ status: 'WLST', expires_at }, NOW)).toBe(true);
    for (const status of ['SBMT', 'VWD', 'UPDT', 'RTRN', 'FWRD', 'DRFT'] as const) {
      expect(isDueForRenewal({ status, expires_at }, NOW)).toBe(false);
    }
  });

  it('is not due without an expiry, or once renewed', () => {
    expect(isDueForRenewal({ status: 'ACPT', expires_at: null }, NOW)).toBe(false);
    expect(isDueForRenewal({ status: 'ACPT', expires_at: at(DAY), is_renewed: true }, NOW)).toBe(false);
  });
});

describe('appointment due', () => {
  it('is due from now until exactly 7 days ahead', () => {
    expect(isAppointmentDue({ status: 'SCHDL', appointment_date: at(0) }, NOW)).toBe(true);
    expect(isAppointmentDue({ status: 'SCHDL', appointment_date: at(7 * DAY) }, NOW)).toBe(true);
    expect(isAppointmentDue({ status: 'SCHDL', appointment_date: at(7 * DAY + 1) }, NOW)).toBe(false);
  });

  it('is no longer due once the appointment has passed', () => {
    expect(isAppointmentDue({ status: 'SCHDL', appointment_date: at(-1) }, NOW)).toBe(false);
  });

  it('needs the referral to be scheduled', () => {
    expect(isAppointmentDue({ status: 'ACPT', appointment_date: at(DAY) }, NOW)).toBe(false);
    expect(isAppointmentDue({ status: 'SCHDL', appointment_date: null }, NOW)).toBe(false);
  });

  it('reads an appointment sent with its offset', () => {
    const referral = { status: 'SCHDL' as const, appointment_date: '2026-06-22T12:00:00+10:00' };
    expect(isAppointmentDue(referral, NOW)).toBe(true);
    expect(isAppointmentDue(referral, '2026-06-15T01:59:59Z')).toBe(false);
  });
});

describe('overdue for appointment', () => {
  it.each([
    ['CAT1', 30],
    ['CAT2', 90],
    ['CAT3', 365],
  ] as const)('%s is overdue after %i days from submission, not on the last moment', (category, days) => {
    const referral = { status: 'ACPT' as const, triage_category: category, submitted_at: at(-days * DAY) };
    expect(isOverdueForAppointment(referral, NOW)).toBe(false);
    expect(isOverdueForAppointment(referral, at(1))).toBe(true);
    expect(overdueForAppointmentFrom(referral)).toEqual(NOW);
  });

  it('applies to ACPT and WLST, not to a scheduled or returned referral', () => {
    const base = { triage_category: 'CAT1' as const, submitted_at: at(-100 * DAY) };
    expect(isOverdueForAppointment({ ...base, status: 'WLST' }, NOW)).toBe(true);
    expect(isOverdueForAppointment({ ...base, status: 'SCHDL' }, NOW)).toBe(false);
    expect(isOverdueForAppointment({ ...base, status: 'RTRN' }, NOW)).toBe(false);
  });

  it('needs a triage category and a submission', () => {
    expect(isOverdueForAppointment({ status: 'ACPT', submitted_at: at(-400 * DAY) }, NOW)).toBe(false);
    expect(isOverdueForAppointment({ status: 'ACPT', triage_category: 'CAT1' }, NOW)).toBe(false);
  });

  it('reads the category as the API sends it', () => {
    const triage_category = { value: 'CAT2', display: 'Category 2' };
    const referral = { status: 'ACPT' as const, triage_category, submitted_at: at(-91 * DAY) };
    expect(isOverdueForAppointment(referral, NOW)).toBe(true);
  });
});

describe('all conditions together', () => {
  it('reports each condition for the side', () => {
    const referral = {
      status: 'WLST' as const,
      submitted_at: at(-31 * DAY),
      triage_category: 'CAT1' as const,
      expires_at: at(10 * DAY),
    };
    expect(referralConditions(referral, 'receiver', NOW)).toEqual({
      pending_action: false,
      due_for_renewal: true,
      appointment_due: false,
      overdue_for_appointment: true,
    });
  });
});

describe('durations and expiry (section 5 Durations)', () => {
  it('keeps the rules settled in constants.ts', () => {
    expect(referralDurationMonths('SP')).toBe(3);
    expect(referralDurationMonths('GP')).toBe(12);
    expect(renewalDurationMonths('SP')).toBe(3);
    expect(renewalDurationMonths(null)).toBe(12);
    expect(DEFAULT_REFERRER_MESSAGE).toBe(
      'I am referring this patient for a comprehensive treatment and management plan with review as required.',
    );
  });

  it('falls back to the last day of a shorter month: 31 January plus one month is 28 February', () => {
    expect(referralExpiresAt('2026-01-31T10:00:00+11:00', 1).toISOString()).toBe('2026-02-27T23:00:00.000Z');
  });

  it('knows leap years', () => {
    expect(referralExpiresAt('2028-01-31T10:00:00+11:00', 1).toISOString()).toBe('2028-02-28T23:00:00.000Z');
    expect(referralExpiresAt('2028-02-29T10:00:00+11:00', 12).toISOString()).toBe('2029-02-27T23:00:00.000Z');
  });

  it('counts on the Australian calendar, not the UTC one', () => {
    // 9 am on 31 March in Sydney is 30 March in UTC; three months on is 30 June in Sydney, not 1 July.
    expect(referralExpiresAt('2026-03-30T22:00:00Z', 3).toISOString()).toBe('2026-06-29T23:00:00.000Z');
  });

  it('keeps the local time across the end of daylight saving', () => {
    // 9 am AEDT (+11) in January, 9 am AEST (+10) in April.
    expect(referralExpiresAt('2026-01-15T09:00:00+11:00', 3).toISOString()).toBe('2026-04-14T23:00:00.000Z');
  });

  it('counts in the given zone', () => {
    // 11:30 pm on 30 April in Perth is already 1 May in Sydney: 30 May in Perth, 1 June in Sydney.
    const submitted = '2026-04-30T23:30:00+08:00';
    expect(referralExpiresAt(submitted, 1, 'Australia/Perth').toISOString()).toBe('2026-05-30T15:30:00.000Z');
    expect(referralExpiresAt(submitted, 1).toISOString()).toBe('2026-05-31T15:30:00.000Z');
    expect(referralExpiresAt('2026-03-31T12:00:00+08:00', 1, 'Australia/Perth').toISOString()).toBe(
      '2026-04-30T04:00:00.000Z',
    );
    expect(referralExpiresAt('2026-03-31T12:00:00+08:00', 1).toISOString()).toBe('2026-04-30T05:00:00.000Z');
  });

  it('gives a year for the default duration and keeps milliseconds', () => {
    expect(referralExpiresAt(new Date('2026-05-20T02:00:00.123Z'), 12).toISOString()).toBe(
      '2027-05-20T02:00:00.123Z',
    );
  });

  it('refuses a duration that is not a whole number of months', () => {
    expect(() => referralExpiresAt(NOW, 1.5)).toThrow(RangeError);
    expect(() => referralExpiresAt(NOW, -1)).toThrow(RangeError);
    expect(() => referralExpiresAt('not a date', 3)).toThrow(RangeError);
  });
});
