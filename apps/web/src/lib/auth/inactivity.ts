import { SESSION_EXPIRY_WARNING_SECONDS } from '@referrals/domain/constants';

/**
 * While the user is active, the server session is kept alive by a token refresh when the server has not
 * heard from this browser for this long: the server counts refreshes and API calls as activity, and a
 * user reading a long referral makes no API calls. Once a minute is plenty against a 30-minute limit.
 */
export const SERVER_KEEP_ALIVE_MS = 60_000;

/** Activity is written to storage at most this often: scrolling fires dozens of events a second. */
export const ACTIVITY_WRITE_INTERVAL_MS = 1_000;

export type SessionPhase = 'active' | 'warning' | 'expired';

export type SessionTimeline = {
  phase: SessionPhase;
  /** Whole seconds until the automatic logout, rounded up; 0 once expired. */
  secondsLeft: number;
};

/**
 * Where the session stands: active until the last SESSION_EXPIRY_WARNING_SECONDS before the inactivity
 * timeout, then warning (the dialog with its countdown), then expired (log out) (spec section 9).
 */
export function sessionTimeline(options: {
  lastActivityAt: number;
  timeoutMs: number;
  now: number;
  warningSeconds?: number;
}): SessionTimeline {
  const warningSeconds = options.warningSeconds ?? SESSION_EXPIRY_WARNING_SECONDS;
  const msLeft = options.lastActivityAt + options.timeoutMs - options.now;
  if (msLeft <= 0) return { phase: 'expired', secondsLeft: 0 };
  const secondsLeft = Math.ceil(msLeft / 1000);
  return { phase: secondsLeft <= warningSeconds ? 'warning' : 'active', secondsLeft };
}

/** Whether activity now should refresh the token to tell the server the user is still here. */
export function needsKeepAlive(lastServerContactAt: number | null, now: number): boolean {
  return lastServerContactAt === null || now - lastServerContactAt > SERVER_KEEP_ALIVE_MS;
}

/** Whether an activity event now is worth writing, given the last written time. */
export function shouldRecordActivity(lastRecordedAt: number | null, now: number): boolean {
  return (
    lastRecordedAt === null || now - lastRecordedAt >= ACTIVITY_WRITE_INTERVAL_MS || now < lastRecordedAt
  );
}
