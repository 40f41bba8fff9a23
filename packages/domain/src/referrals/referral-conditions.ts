import { codeOf, type Code } from '../codes.ts';
import type { AustralianTimeZone, Instant } from '../dates.ts';
import {
  TRIAGE_CATEGORY_DAYS,
  triageCategories,
  type ReferralStatus,
  type TriageCategory,
} from './referral-codes.ts';
import type { ReferralSide } from './referral-lifecycle.ts';

/**
 * The derived conditions of referral-lifecycle.md (spec section 4: "further derived conditions"). They are
 * computed from the referral and a `now`, never stored, so a list, a badge and a reminder job that ask at
 * the same moment agree, and nothing goes stale overnight.
 */

// One rule in one place: the durations and the default message were settled in constants.ts (spec
// sections 3, 5 Durations, 9); they are re-exported here because referral code looks for them here.
export { DEFAULT_REFERRER_MESSAGE, referralDurationMonths, renewalDurationMonths } from '../constants.ts';

/** A referral is due for renewal this many days before it expires (referral-lifecycle.md). */
export const RENEWAL_DUE_DAYS = 30;

/** A scheduled appointment is due when it is at most this many days away (referral-lifecycle.md). */
export const APPOINTMENT_DUE_DAYS = 7;

const DAY_MS = 24 * 60 * 60_000;

/** The statuses each derived condition can hold in; list filters narrow their statuses to these. */
export const PENDING_ACTION_STATUSES = ['SBMT', 'VWD', 'UPDT'] as const satisfies readonly ReferralStatus[];
export const DUE_FOR_RENEWAL_STATUSES = [
  'ACPT',
  'WLST',
  'SCHDL',
] as const satisfies readonly ReferralStatus[];
export const APPOINTMENT_DUE_STATUSES = ['SCHDL'] as const satisfies readonly ReferralStatus[];
export const OVERDUE_STATUSES = ['ACPT', 'WLST'] as const satisfies readonly ReferralStatus[];

/** What the conditions need of a referral; server rows and API objects both fit. */
export type ReferralConditionsInput = {
  status: Code<ReferralStatus>;
  submitted_at?: Instant | null;
  expires_at?: Instant | null;
  appointment_date?: Instant | null;
  triage_category?: Code<TriageCategory> | null;
  /** A renewal was made from it: the reminder to renew has been answered. */
  is_renewed?: boolean | null;
};

function time(instant: Instant): number {
  const ms = (instant instanceof Date ? instant : new Date(instant)).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return ms;
}

function statusIn(referral: ReferralConditionsInput, statuses: readonly ReferralStatus[]): boolean {
  return (statuses as readonly string[]).includes(codeOf(referral.status) ?? '');
}

/** Pending action: on the receiver side, SBMT, VWD or UPDT, waiting for triage (referral-lifecycle.md). */
export function isPendingAction(referral: ReferralConditionsInput, side: ReferralSide): boolean {
  return side === 'receiver' && statusIn(referral, PENDING_ACTION_STATUSES);
}

/**
 * Due for renewal: ACPT, WLST or SCHDL and expires_at at most RENEWAL_DUE_DAYS days away, or past
 * (referral-lifecycle.md). A referral already renewed is not due again.
 */
export function isDueForRenewal(referral: ReferralConditionsInput, now: Instant): boolean {
  if (!statusIn(referral, DUE_FOR_RENEWAL_STATUSES)) return false;
  if (referral.expires_at == null || referral.is_renewed === true) return false;
  return time(referral.expires_at) <= time(now) + RENEWAL_DUE_DAYS * DAY_MS;
}

/**
 * Appointment due: SCHDL and the appointment from now up to APPOINTMENT_DUE_DAYS days ahead
 * (referral-lifecycle.md). An appointment already past is no longer due.
 */
export function isAppointmentDue(referral: ReferralConditionsInput, now: Instant): boolean {
  if (!statusIn(referral, APPOINTMENT_DUE_STATUSES) || referral.appointment_date == null) return false;
  const until = time(referral.appointment_date) - time(now);
  return until >= 0 && until <= APPOINTMENT_DUE_DAYS * DAY_MS;
}

/**
 * When an ACPT or WLST referral becomes overdue for appointment: submitted_at plus its triage category's
 * days (Category 1 30, 2 90, 3 365; referral-lifecycle.md), or null without a category or submission.
 */
export function overdueForAppointmentFrom(referral: ReferralConditionsInput): Date | null {
  const category = codeOf(referral.triage_category);
  if (!triageCategories.isCode(category) || referral.submitted_at == null) return null;
  return new Date(time(referral.submitted_at) + TRIAGE_CATEGORY_DAYS[category] * DAY_MS);
}

/**
 * Overdue for appointment: ACPT or WLST and still not scheduled once its triage category's time from
 * submission has passed; on the last moment of that time it is not yet overdue (referral-lifecycle.md).
 */
export function isOverdueForAppointment(referral: ReferralConditionsInput, now: Instant): boolean {
  if (!statusIn(referral, OVERDUE_STATUSES)) return false;
  const from = overdueForAppointmentFrom(referral);
  return from !== null && time(now) > from.getTime();
}

/** Every derived condition of a referral for the side at `now`, for badges and filters (referral-lifecycle.md). */
export type ReferralConditions = {
  pending_action: boolean;
  due_for_renewal: boolean;
  appointment_due: boolean;
  overdue_for_appointment: boolean;
};

/** The derived conditions together (referral-lifecycle.md Derived conditions). */
export function referralConditions(
  referral: ReferralConditionsInput,
  side: ReferralSide,
  now: Instant,
): ReferralConditions {
  return {
    pending_action: isPendingAction(referral, side),
    due_for_renewal: isDueForRenewal(referral, now),
    appointment_due: isAppointmentDue(referral, now),
    overdue_for_appointment: isOverdueForAppointment(referral, now),
  };
}

type WallClock = { year: number; month: number; day: number; ms: number };

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and the time of day (ms since local midnight) of an instant in a zone. */
function wallClock(ms: number, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const secondsOfDay = get('hour') * 3600 + get('minute') * 60 + get('second');
  return {
    year: get('year'),
    month: get('month') - 1,
    day: get('day'),
    ms: secondsOfDay * 1000 + (((ms % 1000) + 1000) % 1000),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  return Date.UTC(wall.year, wall.month, wall.day) + wall.ms - ms;
}

/**
 * expires_at for a referral submitted at `submittedAt` and valid `months` calendar months (section 5
 * Durations; referral-lifecycle.md submit). The months are counted on the Australian calendar of
 * `timeZone` (the sender's state, Sydney by default), not UTC's: a referral sent at 9 am on 31 March in
 * Sydney is still 30 March in UTC. A day the target month lacks falls back to its last day, so 31 January
 * plus one month is 28 February (29th in a leap year), never 3 March; the time of day is kept.
 */
export function referralExpiresAt(
  submittedAt: Instant,
  months: number,
  timeZone: AustralianTimeZone = 'Australia/Sydney',
): Date {
  if (!Number.isInteger(months) || months < 0) throw new RangeError(`Invalid duration: ${months} months`);
  const start = time(submittedAt);
  const wall = wallClock(start, timeZone);
  const firstOfTarget = new Date(Date.UTC(wall.year, wall.month + months, 1));
  const year = firstOfTarget.getUTCFullYear();
  const month = firstOfTarget.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const local = Date.UTC(year, month, Math.min(wall.day, lastDay)) + wall.ms;
  // The offset may differ from the start's (daylight saving); take the one in force at the target, checked
  // once more in case the first guess fell on the other side of a change.
  const guess = local - offsetAt(local, timeZone);
  return new Date(local - offsetAt(guess, timeZone));
}
