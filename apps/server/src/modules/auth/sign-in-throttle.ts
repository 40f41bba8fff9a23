import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { signInFailures } from '../../db/schema/auth.ts';

/** Failed sign-ins allowed in one window before further tries are refused with 429. */
export const SIGN_IN_LIMITS = { perAccount: 5, perIp: 20, windowMinutes: 15 } as const;

const windowStart = (now: Date) => {
  const ms = SIGN_IN_LIMITS.windowMinutes * 60_000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
};
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Whether this account or address has failed too often in the current window. */
export async function isSignInThrottled(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .select({ key: signInFailures.key, failures: signInFailures.failures })
    .from(signInFailures)
    .where(
      and(
        inArray(signInFailures.key, [accountKey(email), ipKey(ip)]),
        eq(signInFailures.window_start, windowStart(now)),
      ),
    );
  return rows.some((r) =>
    r.key.startsWith('account:')
      ? r.failures >= SIGN_IN_LIMITS.perAccount
      : r.failures >= SIGN_IN_LIMITS.perIp,
  );
}

/** Counts a failure against both the account (whether or not it exists) and the address. */
export async function recordSignInFailure(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const start = windowStart(now);
  await db
    .insert(signInFailures)
    .values([
      { key: accountKey(email), window_start: start, failures: 1 },
      { key: ipKey(ip), window_start: start, failures: 1 },
    ])
    .onConflictDoUpdate({
      target: [signInFailures.key, signInFailures.window_start],
      set: { failures: sql`${signInFailures.failures} + 1` },
    });
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(email)));
}
