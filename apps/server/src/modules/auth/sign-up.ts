import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/people.ts';
import { auditActorOf, recordAudit } from '../audit/record-audit.ts';
import { sendMail } from '../mail/outbox.ts';
import { signUpAttemptEmail, verificationEmail } from './account-emails.ts';
import { issueVerificationToken } from './email-verification.ts';
import { hashPassword } from './passwords.ts';
import { countRequest, SIGN_UP_LIMITS } from './request-throttle.ts';

/** The one answer to a sign-up, for a new address and a registered one alike. */
export const SIGN_UP_DONE = 'Check your email to finish creating your account.';

export type SignUpInput = { first_name: string; last_name: string; email: string; password: string };

/**
 * Creates a provider account waiting for its email to be verified, and emails the link. An address that
 * already has an account gets a note instead, and the caller answers the same: sign-up cannot be used to
 * learn who has an account. An account an invitation made (no password yet) is claimed instead: it gets the
 * password and a verification link, and keeps its invitation.
 */
export async function signUp(
  app: FastifyInstance,
  request: FastifyRequest,
  input: SignUpInput,
): Promise<{ throttled: boolean }> {
  const db = app.database.db;
  const actor = (actorId: string | null) => auditActorOf(request, { userId: actorId });
  if ((await countRequest(db, SIGN_UP_LIMITS, { account: input.email, ip: request.ip })).throttled) {
    await recordAudit(db, actor(null), {
      action: 'auth.sign-up',
      resourceType: 'user',
      outcome: 'denied',
      detail: { reason: 'throttled' },
    });
    return { throttled: true };
  }
  // Hashed before looking the address up, so a registered address takes as long as a new one.
  const passwordHash = await hashPassword(input.password);

  const publicUrl = app.config.publicUrl;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        user_type: 'provider',
        role: null,
        registration_completed: false,
        email_verified_at: null,
        password_hash: passwordHash,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, first_name: users.first_name });
    if (created) {
      const token = await issueVerificationToken(tx, created);
      await recordAudit(tx, actor(created.id), {
        action: 'auth.sign-up',
        resourceType: 'user',
        resourceId: created.id,
      });
      await sendMail(app, verificationEmail(publicUrl, created, token), tx);
      return;
    }
    const [existing] = await tx
      .select({
        id: users.id,
        email: users.email,
        first_name: users.first_name,
        password_hash: users.password_hash,
        external_subject: users.external_subject,
      })
      .from(users)
      .where(eq(users.email, input.email))
      .for('update');
    // An invitation made this account without a password: signing up with its address claims it (the
    // invitation stays). Answering the invitation waits for the address to be verified (employment-changes.ts).
    if (existing && existing.password_hash === null && existing.external_subject === null) {
      await tx
        .update(users)
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where(eq(users.id, existing.id));
      const token = await issueVerificationToken(tx, existing);
      await recordAudit(tx, actor(existing.id), {
        action: 'auth.sign-up',
        resourceType: 'user',
        resourceId: existing.id,
        detail: { claimed: 'account made by an invitation' },
      });
      await sendMail(app, verificationEmail(publicUrl, existing, token), tx);
      return;
    }
    await recordAudit(tx, actor(null), {
      action: 'auth.sign-up',
      resourceType: 'user',
      resourceId: existing?.id ?? null,
      outcome: 'failure',
      detail: { reason: 'email already registered' },
    });
    if (existing) await sendMail(app, signUpAttemptEmail(publicUrl, existing), tx);
  });
  // The message is queued either way, so the answer takes as long for a registered address as a new one.
  app.jobs.wake();
  return { throttled: false };
}
