import { SESSION_INACTIVITY_TIMEOUT_MS, sessionInactivityTimeoutMs } from '@referrals/domain/constants';
import { describe, expect, it } from 'vitest';
import { needsKeepAlive, sessionTimeline, shouldRecordActivity } from './inactivity';

const start = 1_700_000_000_000;
const minutes = (n: number) => n * 60_000;

describe('sessionTimeline', () => {
  const timeline = (elapsedMs: number, timeoutMs = SESSION_INACTIVITY_TIMEOUT_MS) =>
    sessionTimeline({ lastActivityAt: start, timeoutMs, now: start + elapsedMs });

  it('is active until the last 60 seconds of the 30-minute default', () => {
    expect(timeline(0)).toEqual({ phase: 'active', secondsLeft: 1800 });
    expect(timeline(minutes(29) - 1)).toEqual({ phase: 'active', secondsLeft: 61 });
  });

  it('warns for the last 60 seconds with a countdown', () => {
    expect(timeline(minutes(29))).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(timeline(minutes(29) + 500)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(timeline(minutes(30) - 1000)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires at the timeout', () => {
    expect(timeline(minutes(30))).toEqual({ phase: 'expired', secondsLeft: 0 });
    expect(timeline(minutes(45))).toEqual({ phase: 'expired', secondsLeft: 0 });
  });

  it("follows the profile's session_expiry minutes", () => {
    const timeoutMs = sessionInactivityTimeoutMs(10);
    expect(timeline(minutes(8), timeoutMs).phase).toBe('active');
    expect(timeline(minutes(9) + 30_000, timeoutMs)).toEqual({ phase: 'warning', secondsLeft: 30 });
    expect(timeline(minutes(10), timeoutMs).phase).toBe('expired');
  });
});

describe('needsKeepAlive', () => {
  it('refreshes when the server has not heard from the browser for more than a minute', () => {
    expect(needsKeepAlive(null, start)).toBe(true);
    expect(needsKeepAlive(start, start + 60_000)).toBe(false);
    expect(needsKeepAlive(start, start + 60_001)).toBe(true);
  });
});

describe('shouldRecordActivity', () => {
  it('writes at most once a second, and again if the clock went backwards', () => {
    expect(shouldRecordActivity(null, start)).toBe(true);
    expect(shouldRecordActivity(start, start + 999)).toBe(false);
    expect(shouldRecordActivity(start, start + 1000)).toBe(true);
    expect(shouldRecordActivity(start, start - 5000)).toBe(true);
  });
});
