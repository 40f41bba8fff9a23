import { and, eq, isNull, sql } from 'drizzle-orm';
import { SESSION_INACTIVITY_TIMEOUT_MS } from '@referrals/domain/constants';
import type { Database, DatabaseHandle, Queryable } from '../../db/database.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/people.ts';
import { callerAccountColumns, type CallerAccount } from '../tenancy/caller.ts';
import { SessionCheckCache } from './session-check-cache.ts';

// Writing the activity time on every call would turn each read into a write; a few seconds of slack
// in an inactivity limit of minutes changes nothing a user could notice.
const ACTIVITY_WRITE_INTERVAL_MS = 10_000;

export type SessionCheck =
  | { ok: true; userId: string; account: CallerAccount }
  | { ok: false; reason: 'unknown' | 'ended' | 'inactive'; userId?: string };

/** A signed-in session begins when the web app exchanges its authorization code. */
export async function startSession(
  db: Database,
  grantId: string,
  userId: string,
  ip: string | null,
): Promise<void> {
  await db
    .insert(authSessions)
    .values({ grant_id: grantId, user_id: userId, ip })
    .onConflictDoUpdate({ target: authSessions.grant_id, set: { last_activity_at: new Date() } });
}

/**
 * Every signed-in call runs this statement, so it is built once per database and prepared on the server:
 * building it (the employments' JSON) cost more CPU than the database spent running it.
 */
const sessionChecks = new WeakMap<Database, ReturnType<typeof prepareSessionCheck>>();
function prepareSessionCheck(db: Database) {
  return db
    .select({
      userId: authSessions.user_id,
      lastActivity: authSessions.last_activity_at,
      endedAt: authSessions.ended_at,
      expiryMinutes: users.session_expiry,
      account: callerAccountColumns,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.user_id))
    .where(eq(authSessions.grant_id, sql.placeholder('grantId')))
    .prepare('auth_session_check');
}
function sessionCheckOf(db: Database) {
  let prepared = sessionChecks.get(db);
  if (!prepared) sessionChecks.set(db, (prepared = prepareSessionCheck(db)));
  return prepared;
}

/**
 * The statement's round trip was most of a signed-in call's cost on a small machine, so each database
 * handle remembers its rows; the database announces every change to them (session-check-cache.ts).
 */
type SessionCheckRow = Awaited<ReturnType<ReturnType<typeof prepareSessionCheck>['execute']>>[number];
const rememberedChecks = new WeakMap<DatabaseHandle, SessionCheckCache<SessionCheckRow>>();
export function rememberedChecksOf(database: DatabaseHandle): SessionCheckCache<SessionCheckRow> {
  let cache = rememberedChecks.get(database);
  if (!cache)
    rememberedChecks.set(
      database,
      (cache = new SessionCheckCache<SessionCheckRow>({ changes: database.callerChanges })),
    );
  return cache;
}

/**
 * Whether the session may still be used: not ended, and not idle longer than the user's session_expiry
 * minutes (30 by default, spec section 9). A usable session counts this moment as activity. It reads the
 * user row's part the caller's access needs (tenancy/caller.ts) in the same query, or remembers what it
 * read last for the session while nothing it read has changed.
 */
export async function checkSession(
  database: DatabaseHandle,
  grantId: string,
  now = new Date(),
): Promise<SessionCheck> {
  const db = database.db;
  const remembered = rememberedChecksOf(database);
  let row = remembered.recall(grantId);
  if (!row) {
    const readSince = remembered.beforeRead();
    [row] = await sessionCheckOf(db).execute({ grantId });
    if (!row) return { ok: false, reason: 'unknown' };
    remembered.remember(grantId, row, readSince);
  }
  if (row.endedAt) return { ok: false, reason: 'ended', userId: row.userId };
  const limitMs = row.expiryMinutes ? row.expiryMinutes * 60_000 : SESSION_INACTIVITY_TIMEOUT_MS;
  const idleMs = now.getTime() - row.lastActivity.getTime();
  if (idleMs > limitMs) {
    await endSession(db, grantId, now);
    return { ok: false, reason: 'inactive', userId: row.userId };
  }
  if (idleMs > ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(authSessions).set({ last_activity_at: now }).where(eq(authSessions.grant_id, grantId));
  }
  return { ok: true, userId: row.userId, account: row.account };
}

/** Ends the session; the first caller's time stands if it was already ended. */
export async function endSession(db: Queryable, grantId: string, now = new Date()): Promise<void> {
  await db
    .update(authSessions)
    .set({ ended_at: now })
    .where(and(eq(authSessions.grant_id, grantId), isNull(authSessions.ended_at)));
}

/** Moves a session's last activity into the past: lets tests prove the inactivity rule without waiting. */
export async function backdateSessionActivity(db: Database, grantId: string, minutes: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ last_activity_at: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(authSessions.grant_id, grantId));
}
