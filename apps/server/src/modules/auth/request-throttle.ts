import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { signInFailures } from '../../db/schema/auth.ts';

export type ThrottleRule = {
  /** Names this rule's counters, apart from the sign-in failures kept in the same table. */
  name: string;
  perAccount: number;
  perIp: number;
  windowMinutes: number;
};

/** Requests that send mail: a reset link per address, or a sign-up per address. */
export const PASSWORD_RESET_LIMITS: ThrottleRule = {
  name: 'password-reset',
  perAccount: 5,
  perIp: 20,
  windowMinutes: 15,
};
export const SIGN_UP_LIMITS: ThrottleRule = { name: 'sign-up', perAccount: 5, perIp: 20, windowMinutes: 15 };
/** Sending account-link codes, and guessing them: a 6-digit code must not be brute-forced. */
export const ACCOUNT_LINK_LIMITS: ThrottleRule = {
  name: 'account-link',
  perAccount: 5,
  perIp: 20,
  windowMinutes: 15,
};
export const RESEND_VERIFICATION_LIMITS: ThrottleRule = {
  name: 'resend-verification',
  perAccount: 5,
  perIp: 20,
  windowMinutes: 15,
};

/**
 * Counts this request against the account (known or not) and the address, and answers whether either is
 * now over its limit. Every request counts, not only failures: each one can send an email to someone.
 * The counters share `sign_in_failures` (key, window, count) with the sign-in throttle, under their own
 * key prefix, so they hold across server processes like it does.
 */
export async function countRequest(
  db: Database,
  rule: ThrottleRule,
  who: { account: string; ip: string },
  now = new Date(),
): Promise<{ throttled: boolean }> {
  const windowMs = rule.windowMinutes * 60_000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const accountKey = `${rule.name}:account:${who.account.trim().toLowerCase()}`;
  const ipKey = `${rule.name}:ip:${who.ip}`;
  const rows = await db
    .insert(signInFailures)
    .values([
      { key: accountKey, window_start: windowStart, failures: 1 },
      { key: ipKey, window_start: windowStart, failures: 1 },
    ])
    .onConflictDoUpdate({
      target: [signInFailures.key, signInFailures.window_start],
      set: { failures: sql`${signInFailures.failures} + 1` },
    })
    .returning({ key: signInFailures.key, count: signInFailures.failures });
  const throttled = rows.some((r) => r.count > (r.key === accountKey ? rule.perAccount : rule.perIp));
  return { throttled };
}
