import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { users } from '../../db/schema/people.ts';
import { auditActorOf, recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { queueMail } from '../mail/mail-delivery.ts';
import { verificationEmail } from './account-emails.ts';
import { inspectOneTimeToken, issueOneTimeToken, spendOneTimeToken } from './one-time-tokens.ts';

type Account = { id: string; email: string; first_name: string };

/**
 * A fresh 24-hour verification token for the account's current address (earlier links stop working). The
 * token is bound to the address, so it cannot verify a different one the account has moved to since.
 */
export function issueVerificationToken(q: Queryable, account: Account): Promise<string> {
  return issueOneTimeToken(q, {
    userId: account.id,
    purpose: 'email-verification',
    detail: { email: account.email },
  });
}

export type VerifyResult = 'verified' | 'unusable';

/**
 * Marks the address verified with the link's token. Opening the link again, or a mail scanner having
 * opened it first, shows the same success: the address is verified, which is all the person asks.
 */
export async function verifyEmail(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<VerifyResult> {
  const db = app.database.db;
  const state = await inspectOneTimeToken(db, token, 'email-verification');
  if (!state) return 'unusable';
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.email_verified_at })
    .from(users)
    .where(eq(users.id, state.userId));
  if (!user || state.detail?.email !== user.email) return 'unusable';
  if (user.verifiedAt) return 'verified';
  if (!state.usable) return 'unusable';

  return db.transaction(async (tx) => {
    const spent = await spendOneTimeToken(tx, token, 'email-verification');
    if (!spent) return 'unusable';
    const now = new Date();
    await tx
      .update(users)
      .set({ email_verified_at: now, updated_at: now })
      .where(and(eq(users.id, spent.userId), isNull(users.email_verified_at)));
    await recordAudit(tx, auditActorOf(request, { userId: spent.userId }), {
      action: 'auth.email-verification',
      resourceType: 'user',
      resourceId: spent.userId,
    });
    return 'verified';
  });
}

/**
 * A new verification link for the account's address (POST profile/resend-verification-email/): the token,
 * its audit row and the mail in one transaction.
 */
export async function requestEmailVerification(
  db: Database,
  options: { actor: AuditActor; user: Account; publicUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await issueVerificationToken(tx, options.user);
    await recordAudit(tx, options.actor, {
      action: 'auth.email-verification-request',
      resourceType: 'user',
      resourceId: options.user.id,
    });
    await queueMail(tx, verificationEmail(options.publicUrl, options.user, token));
  });
}
