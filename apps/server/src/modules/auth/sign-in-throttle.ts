import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { auditActorOf, recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { sendMail } from '../mail/outbox.ts';
import { emptyBucket, refundHit } from '../rate-limits/rate-limit-buckets.ts';
import { unlockEmail } from './account-emails.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';
import { hitAccountAndAddress, throttleKeys, type ThrottleRule } from './request-throttle.ts';

/**
 * Sign-in attempts (a password, or a two-step code) allowed per account and per address; a sixth wrong
 * attempt within the drain time locks the account, from every address, until the bucket drains, its
 * owner follows the emailed unlock link, or resets the password.
 */
export const SIGN_IN_LIMITS: ThrottleRule = { name: 'sign-in', perAccount: 5, perIp: 20, windowMinutes: 15 };

/**
 * Counts a sign-in attempt before its secret is checked, so that attempts racing in parallel are counted
 * before any of them is verified, and answers whether it may be checked at all. The attempt that fills an
 * account's bucket locks it: the lock is audited and the owner is emailed an unlock link.
 */
export async function beginSignInAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<{ allowed: boolean }> {
  const hits = await hitAccountAndAddress(app.database.db, SIGN_IN_LIMITS, {
    account: email,
    ip: request.ip,
  });
  if (hits.account.filled) await lockAccount(app, request, email);
  return { allowed: hits.account.allowed && hits.ip.allowed };
}

/**
 * A right secret: the account starts afresh, the address gets its attempt back, and the sign-in is
 * audited, in one transaction.
 */
export async function signInSucceeded(
  db: Database,
  options: { actor: AuditActor; email: string; ip: string; reason?: string },
): Promise<void> {
  const keys = throttleKeys(SIGN_IN_LIMITS, { account: options.email, ip: options.ip });
  await db.transaction(async (tx) => {
    await emptyBucket(tx, keys.account);
    await refundHit(tx, keys.ip);
    await recordAudit(tx, options.actor, {
      action: 'auth.sign-in',
      resourceType: 'user',
      resourceId: options.actor.actorId,
      ...(options.reason ? { detail: { reason: options.reason } } : {}),
    });
  });
}

/** Lifts an account's lock: its owner proved the account is theirs (unlock link, password reset). */
export async function unlockSignIn(q: Queryable, email: string): Promise<void> {
  await emptyBucket(q, throttleKeys(SIGN_IN_LIMITS, { account: email, ip: '' }).account);
}

async function lockAccount(app: FastifyInstance, request: FastifyRequest, email: string): Promise<void> {
  const db = app.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  // An address without an account has nothing to lock and nobody to tell.
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, { userId: user.id, purpose: 'unlock' });
    await recordAudit(tx, auditActorOf(request, { userId: null }), {
      action: 'auth.lock',
      resourceType: 'user',
      resourceId: user.id,
      detail: { reason: 'too many sign-in attempts' },
    });
    await sendMail(app, unlockEmail(app.config.publicUrl, user, token), tx);
  });
  app.jobs.wake();
}
