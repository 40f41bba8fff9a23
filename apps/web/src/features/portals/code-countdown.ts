import { VERIFICATION_CODE_REFRESH_SECONDS } from '@referrals/domain/constants';
import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds before a new code may be asked for, 0 once it may (section 9: the code changes every 60 s,
 * countdown 60). `allowedAt` is when the server lets the next one go, in ms.
 */
export function secondsUntil(allowedAt: number | null, now: number): number {
  if (allowedAt === null) return 0;
  return Math.max(0, Math.ceil((allowedAt - now) / 1000));
}

/** When the next code may be asked for: a minute after the last was sent, or after a 429's Retry-After. */
export function nextCodeAllowedAt(sentAt: number, retryAfterSeconds?: number): number {
  return sentAt + (retryAfterSeconds ?? VERIFICATION_CODE_REFRESH_SECONDS) * 1000;
}

/**
 * The seconds left before a new code may be asked for, ticking once a second while there are any, and
 * `start` to begin a countdown (a code sent, a 429). Starting sets the clock too, so the first second
 * shown is right rather than counted from an old tick.
 */
export function useCountdown(initialAllowedAt: number | null): {
  left: number;
  start: (allowedAt: number) => void;
} {
  const [clock, setClock] = useState(() => ({ allowedAt: initialAllowedAt, now: Date.now() }));
  const start = useCallback((allowedAt: number) => setClock({ allowedAt, now: Date.now() }), []);
  const { allowedAt } = clock;
  useEffect(() => {
    if (allowedAt === null) return undefined;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setClock((current) => ({ ...current, now }));
      if (now >= allowedAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [allowedAt]);
  return { left: secondsUntil(clock.allowedAt, clock.now), start };
}
