import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { authSessions, oidcModels } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/people.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { sendMail } from '../mail/outbox.ts';
import { passwordResetEmail } from './account-emails.ts';
import { issueOneTimeToken, spendOneTimeToken } from './one-time-tokens.ts';
import { checkNewPassword, type NewPasswordErrors } from './password-rules.ts';
import { hashPassword } from './passwords.ts';
import { countRequest, PASSWORD_RESET_LIMITS } from './request-throttle.ts';
import { revokeSignIn } from './revoke-sign-in.ts';
import { unlockSignIn } from './sign-in-throttle.ts';

/** The one answer to a reset request, for an address we know and one we do not (spec 7, change_password). */
export const RESET_REQUESTED = "We've just sent you an email to reset your password.";

/**
 * Starts a password reset: a one-hour link to the account's address when the account exists, nothing
 * otherwise. The caller answers the same either way; only the throttle changes the answer.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<{ throttled: boolean }> {
  const db = app.database.db;
  const audit = (actorId: string | null, outcome: 'success' | 'failure' | 'denied', reason?: string) =>
    recordAudit(db, auditActorOf(request, { userId: null }), {
      action: 'auth.password-reset-request',
      resourceType: 'user',
      resourceId: actorId,
      outcome,
      ...(reason ? { detail: { reason } } : {}),
    });

  if ((await countRequest(db, PASSWORD_RESET_LIMITS, { account: email, ip: request.ip })).throttled) {
    await audit(null, 'denied', 'throttled');
    return { throttled: true };
  }
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) {
    await audit(null, 'failure', 'unknown email');
    return { throttled: false };
  }
  await db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, { userId: user.id, purpose: 'password-reset' });
    await recordAudit(tx, auditActorOf(request, { userId: null }), {
      action: 'auth.password-reset-request',
      resourceType: 'user',
      resourceId: user.id,
    });
    await sendMail(app, passwordResetEmail(app.config.publicUrl, user, token), tx);
  });
  app.jobs.wake();
  return { throttled: false };
}

export type ResetResult =
  | { ok: true }
  | { ok: false; reason: 'link-used-or-expired' }
  | { ok: false; reason: 'invalid-password'; errors: NewPasswordErrors };

/**
 * Sets a new password with a reset link: checks the password, spends the link, and ends every sign-in of
 * the account, so whoever knew the old password (or held a session) is out.
 */
export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { token: string; password: string; confirm: string; email: string },
): Promise<ResetResult> {
  const db = app.database.db;
  const errors = checkNewPassword(input.password, input.confirm, input.email);
  if (errors.password || errors.confirm_password) return { ok: false, reason: 'invalid-password', errors };
  const passwordHash = await hashPassword(input.password);
  const now = new Date();

  const userId = await db.transaction(async (tx) => {
    const spent = await spendOneTimeToken(tx, input.token, 'password-reset', now);
    if (!spent) return undefined;
    await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        // The link reached this address, which proves it is theirs as well as a verification link would.
        email_verified_at: sql`coalesce(${users.email_verified_at}, ${now})`,
        updated_at: now,
      })
      .where(eq(users.id, spent.userId));
    const actor = auditActorOf(request, { userId: spent.userId });
    await recordAudit(tx, actor, {
      action: 'auth.password-reset',
      resourceType: 'user',
      resourceId: spent.userId,
    });
    const ended = await endEverySignIn(tx, spent.userId);
    await unlockSignIn(tx, input.email);
    if (ended > 0)
      await recordAudit(tx, actor, {
        action: 'auth.sign-out',
        resourceType: 'user',
        resourceId: spent.userId,
        detail: { reason: 'password reset', sessions: ended },
      });
    return spent.userId;
  });
  if (!userId) return { ok: false, reason: 'link-used-or-expired' };
  return { ok: true };
}

/**
 * Ends every session of the user: each signed-in session with its grant and tokens, and the provider's own
 * login sessions, which could otherwise start a new sign-in without the password.
 */
async function endEverySignIn(db: Queryable, userId: string): Promise<number> {
  const active = await db
    .select({ grantId: authSessions.grant_id })
    .from(authSessions)
    .where(and(eq(authSessions.user_id, userId), isNull(authSessions.ended_at)));
  for (const { grantId } of active) await revokeSignIn(db, grantId);
  await db
    .delete(oidcModels)
    .where(and(eq(oidcModels.kind, 'Session'), sql`${oidcModels.payload}->>'accountId' = ${userId}`));
  return active.length;
}
