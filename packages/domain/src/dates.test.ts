import { describe, it, expect } from 'vitest';
import {
  timeZoneForState,
  formatCalendarDate,
  formatDate,
  formatTime,
  formatDateTime,
  relativeAge,
  zoneAbbreviationForOffset,
} from './dates.ts';

const SUMMER = '2026-01-15T03:00:00Z';
const WINTER = '2026-07-15T03:00:00Z';

describe('timeZoneForState (section 9, QLD and NT per docs/spec-deviations.md)', () => {
  it('maps ACT, NSW, TAS and VIC to Sydney', () => {
    for (const state of ['ACT', 'NSW', 'TAS', 'VIC']) {
      expect(timeZoneForState(state)).toBe('Australia/Sydney');
    }
  });

  it('maps QLD to Brisbane, SA to Adelaide, NT to Darwin and WA to Perth', () => {
    expect(timeZoneForState('QLD')).toBe('Australia/Brisbane');
    expect(timeZoneForState('SA')).toBe('Australia/Adelaide');
    expect(timeZoneForState('NT')).toBe('Australia/Darwin');
    expect(timeZoneForState('WA')).toBe('Australia/Perth');
  });

  it('falls back to Sydney for unknown or missing states and ignores case', () => {
    expect(timeZoneForState('XX')).toBe('Australia/Sydney');
    expect(timeZoneForState(null)).toBe('Australia/Sydney');
    expect(timeZoneForState(undefined)).toBe('Australia/Sydney');
    expect(timeZoneForState('wa')).toBe('Australia/Perth');
    expect(timeZoneForState(' qld ')).toBe('Australia/Brisbane');
  });
});

describe('formatTime', () => {
  it('shows eastern daylight and standard time', () => {
    expect(formatTime(SUMMER, 'NSW')).toBe('2:00 pm AEDT');
    expect(formatTime(WINTER, 'NSW')).toBe('1:00 pm AEST');
  });

  it('shows eastern standard time all year for QLD, an hour behind Sydney in January', () => {
    expect(formatTime(SUMMER, 'QLD')).toBe('1:00 pm AEST');
    expect(formatTime(WINTER, 'QLD')).toBe('1:00 pm AEST');
  });

  it('shows central daylight and standard time for SA', () => {
    expect(formatTime(SUMMER, 'SA')).toBe('1:30 pm ACDT');
    expect(formatTime(WINTER, 'SA')).toBe('12:30 pm ACST');
  });

  it('shows central standard time all year for NT, an hour behind Adelaide in January', () => {
    expect(formatTime(SUMMER, 'NT')).toBe('12:30 pm ACST');
    expect(formatTime(WINTER, 'NT')).toBe('12:30 pm ACST');
  });

  it('shows western standard time all year for WA', () => {
    expect(formatTime(SUMMER, 'WA')).toBe('11:00 am AWST');
    expect(formatTime(WINTER, 'WA')).toBe('11:00 am AWST');
  });

  it('uses 12 for midnight and pads minutes', () => {
    expect(formatTime('2026-01-14T13:05:00Z', 'NSW')).toBe('12:05 am AEDT');
  });

  it('accepts a Date or epoch milliseconds and defaults to Sydney', () => {
    expect(formatTime(new Date(SUMMER))).toBe('2:00 pm AEDT');
    expect(formatTime(Date.parse(WINTER), 'WA')).toBe('11:00 am AWST');
  });

  it('refuses an invalid instant', () => {
    expect(() => formatTime('not a date', 'NSW')).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('shows day, short month and year', () => {
    expect(formatDate('2026-11-23T01:00:00Z', 'NSW')).toBe('23 Nov 2026');
    expect(formatDate(WINTER, 'NSW')).toBe('15 Jul 2026');
    expect(formatDate('2026-09-01T02:00:00Z', 'VIC')).toBe('1 Sep 2026');
  });

  it('uses the local date of the state, not the UTC date', () => {
    // 14:30 UTC on 14 Jan is already 15 Jan in Sydney (01:30 AEDT) but still 14 Jan in Perth (22:30).
    expect(formatDate('2026-01-14T14:30:00Z', 'NSW')).toBe('15 Jan 2026');
    expect(formatDate('2026-01-14T14:30:00Z', 'WA')).toBe('14 Jan 2026');
  });

  it('keeps QLD and NT on standard time around a January midnight', () => {
    // 13:30 UTC on 14 Jan is 00:30 on 15 Jan in Sydney (AEDT) but 23:30 on 14 Jan in Brisbane (AEST).
    expect(formatDateTime('2026-01-14T13:30:00Z', 'NSW')).toBe('15 Jan 2026, 12:30 am AEDT');
    expect(formatDateTime('2026-01-14T13:30:00Z', 'QLD')).toBe('14 Jan 2026, 11:30 pm AEST');
    // 14:00 UTC on 14 Jan is 00:30 on 15 Jan in Adelaide (ACDT) but 23:30 on 14 Jan in Darwin (ACST).
    expect(formatDateTime('2026-01-14T14:00:00Z', 'SA')).toBe('15 Jan 2026, 12:30 am ACDT');
    expect(formatDateTime('2026-01-14T14:00:00Z', 'NT')).toBe('14 Jan 2026, 11:30 pm ACST');
  });

  it('defaults to Sydney without a state', () => {
    expect(formatDate('2026-01-14T14:30:00Z')).toBe('15 Jan 2026');
  });
});

describe('formatDateTime', () => {
  it('joins the date and the time with a comma', () => {
    expect(formatDateTime(SUMMER, 'NSW')).toBe('15 Jan 2026, 2:00 pm AEDT');
    expect(formatDateTime('2026-01-14T14:30:00Z', 'WA')).toBe('14 Jan 2026, 10:30 pm AWST');
  });
});

describe('zoneAbbreviationForOffset', () => {
  it('maps the offsets Intl may print to Australian names', () => {
    expect(zoneAbbreviationForOffset('GMT+11')).toBe('AEDT');
    expect(zoneAbbreviationForOffset('GMT+10:00')).toBe('AEST');
    expect(zoneAbbreviationForOffset('GMT+10:30')).toBe('ACDT');
    expect(zoneAbbreviationForOffset('UTC+09:30')).toBe('ACST');
    expect(zoneAbbreviationForOffset('GMT+8')).toBe('AWST');
  });

  it('gives undefined for other offsets', () => {
    expect(zoneAbbreviationForOffset('GMT+5:30')).toBeUndefined();
    expect(zoneAbbreviationForOffset('GMT')).toBeUndefined();
  });
});

describe('relativeAge', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const minutesAgo = (minutes: number) => now - minutes * 60_000;

  it('is at least 1 hour', () => {
    expect(relativeAge(now, now)).toBe('1 hour');
    expect(relativeAge(minutesAgo(59), now)).toBe('1 hour');
    expect(relativeAge(now + 3_600_000, now)).toBe('1 hour');
  });

  it('counts whole hours below a day, plural from 2', () => {
    expect(relativeAge(minutesAgo(60), now)).toBe('1 hour');
    expect(relativeAge(minutesAgo(120), now)).toBe('2 hours');
    expect(relativeAge(minutesAgo(5 * 60 + 59), now)).toBe('5 hours');
    expect(relativeAge(minutesAgo(23 * 60 + 59), now)).toBe('23 hours');
  });

  it('counts whole days from 24 hours, plural from 2', () => {
    expect(relativeAge(minutesAgo(24 * 60), now)).toBe('1 day');
    expect(relativeAge(minutesAgo(47 * 60 + 59), now)).toBe('1 day');
    expect(relativeAge(minutesAgo(48 * 60), now)).toBe('2 days');
    expect(relativeAge(new Date(minutesAgo(3 * 24 * 60)), new Date(now))).toBe('3 days');
  });

  it('accepts ISO strings', () => {
    expect(relativeAge('2026-03-10T07:00:00Z', '2026-03-10T12:00:00Z')).toBe('5 hours');
  });
});

describe('formatCalendarDate', () => {
  it('writes a date of birth or a due date as Australians read it', () => {
    expect(formatCalendarDate('1980-01-02')).toBe('2 Jan 1980');
    expect(formatCalendarDate('2026-12-31')).toBe('31 Dec 2026');
  });
});
