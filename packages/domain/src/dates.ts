/**
 * Dates are stored in UTC and shown in Australian local time by the establishment's state
 * (section 9 Time zones, with the QLD and NT deviation in docs/spec-deviations.md).
 */

import { auStates, type AuState } from './establishments/establishment-codes.ts';

export type AustralianTimeZone =
  'Australia/Sydney' | 'Australia/Brisbane' | 'Australia/Adelaide' | 'Australia/Darwin' | 'Australia/Perth';

/** A moment: a Date, epoch milliseconds or an ISO 8601 string with a zone. */
export type Instant = Date | number | string;

/**
 * The zone of each state. QLD and NT keep standard time all year: in the spec's Sydney and Adelaide
 * their times would read an hour ahead from October to April (docs/spec-deviations.md).
 */
const TIME_ZONE_BY_STATE: Readonly<Record<AuState, AustralianTimeZone>> = {
  ACT: 'Australia/Sydney',
  NSW: 'Australia/Sydney',
  TAS: 'Australia/Sydney',
  VIC: 'Australia/Sydney',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

/** IANA zone for a state; an unknown or missing state is NSW's, the default state (section 9). */
export function timeZoneForState(state: string | null | undefined): AustralianTimeZone {
  const code = state?.trim().toUpperCase();
  return auStates.isCode(code) ? TIME_ZONE_BY_STATE[code] : 'Australia/Sydney';
}

function toDate(instant: Instant): Date {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return date;
}

// Built by hand rather than from Intl's month names: en-AU prints 'July' and 'Sept', not 'Jul', 'Sep'.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: AustralianTimeZone, kind: 'date' | 'time' | 'offset'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let found = formatters.get(key);
  if (found === undefined) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { timeZone, day: 'numeric', month: 'numeric', year: 'numeric' }
        : kind === 'time'
          ? { timeZone, hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' }
          : { timeZone, timeZoneName: 'longOffset' };
    found = new Intl.DateTimeFormat('en-AU', options);
    formatters.set(key, found);
  }
  return found;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

const ZONE_BY_OFFSET: Readonly<Record<string, string>> = {
  '+08:00': 'AWST',
  '+09:30': 'ACST',
  '+10:00': 'AEST',
  '+10:30': 'ACDT',
  '+11:00': 'AEDT',
};

/**
 * Australian zone abbreviation for a UTC offset as Intl prints it ('GMT+10:30', 'GMT+11', 'UTC+08:00'),
 * or undefined for an offset no Australian state in section 9 uses.
 */
export function zoneAbbreviationForOffset(offset: string): string | undefined {
  const match = /([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(offset.trim());
  if (match === null) return undefined;
  const [, sign = '+', hours = '0', minutes = '00'] = match;
  return ZONE_BY_OFFSET[`${sign}${hours.padStart(2, '0')}:${minutes}`];
}

const AUSTRALIAN_ABBREVIATION = /^A[CEW][SD]T$/;

/** The zone name to show: Intl's short name when it is AEST-style, else derived from the offset. */
function zoneName(date: Date, timeZone: AustralianTimeZone, shortName: string): string {
  if (AUSTRALIAN_ABBREVIATION.test(shortName)) return shortName;
  // Some ICU builds print 'GMT+11' for the short name; map the offset to the Australian name.
  const offset = part(formatter(timeZone, 'offset').formatToParts(date), 'timeZoneName');
  return zoneAbbreviationForOffset(offset) ?? shortName;
}

/** Day, short month and year in the state's local time, e.g. '23 Nov 2026' (section 9 Time zones). */
export function formatDate(instant: Instant, state?: string | null): string {
  const date = toDate(instant);
  const parts = formatter(timeZoneForState(state), 'date').formatToParts(date);
  const month = MONTHS[Number(part(parts, 'month')) - 1] ?? '';
  return `${Number(part(parts, 'day'))} ${month} ${part(parts, 'year')}`;
}

/**
 * A calendar date (YYYY-MM-DD: a date of birth, a due date) as Australians read it, e.g. '2 Jan 1980'. Read
 * at noon UTC, so every Australian zone shows the same day.
 */
export function formatCalendarDate(date: string): string {
  return formatDate(`${date}T12:00:00Z`);
}

/** 12-hour local time with the zone name, e.g. '3:15 pm AEDT' (section 9 Time zones). */
export function formatTime(instant: Instant, state?: string | null): string {
  const date = toDate(instant);
  const timeZone = timeZoneForState(state);
  const parts = formatter(timeZone, 'time').formatToParts(date);
  const dayPeriod = part(parts, 'dayPeriod').toLowerCase();
  const zone = zoneName(date, timeZone, part(parts, 'timeZoneName'));
  return `${part(parts, 'hour')}:${part(parts, 'minute')} ${dayPeriod} ${zone}`;
}

/** Date and time in the state's local time, e.g. '23 Nov 2026, 3:15 pm AEDT' (section 9 Time zones). */
export function formatDateTime(instant: Instant, state?: string | null): string {
  return `${formatDate(instant, state)}, ${formatTime(instant, state)}`;
}

const HOUR_MS = 3_600_000;

/**
 * How long ago, in whole hours below a day ('1 hour' to '23 hours') and whole days from 24 hours
 * ('1 day', '3 days'); never less than 1, so anything under an hour, or in the future, is '1 hour'.
 */
export function relativeAge(from: Instant, now: Instant = Date.now()): string {
  const hours = Math.max(1, Math.floor((toDate(now).getTime() - toDate(from).getTime()) / HOUR_MS));
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}
