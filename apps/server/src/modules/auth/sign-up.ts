import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/people.ts';
import { auditActorFrom, recordAudit } from '../audit/record-audit.ts';
import { sendAccountEmail, signUpAttemptEmail, verificationEmail } from './account-emails.ts';
import { issueVerificationToken } from './email-verification.ts';
import { hashPassword } from './passwords.ts';
import { countRequest, SIGN_UP_LIMITS } from './request-throttle.ts';

/** The one answer to a sign-up, for a new address and a registered one alike. */
export const SIGN_UP_DONE = 'Check your email to finish creating your account.';

export type SignUpInput = { first_name: string; last_name: string; email: string; password: string };

/**
 * Creates a provider account waiting for its email to be verified, and emails the link. An address that
 * already has an account gets a note instead, and the caller answers the same: sign-up cannot be used to
 * learn who has an account.
 */
export async function signUp(
  app: FastifyInstance,
  request: FastifyRequest,
  input: SignUpInput,
): Promise<{ throttled: boolean }> {
  const db = app.database.db;
  const actor = (actorId: string | null) => auditActorFrom(request, { actorId, establishmentId: null });
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

  const outcome = await db.transaction(async (tx) => {
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
      return { kind: 'created' as const, user: created, token };
    }
    const [existing] = await tx
      .select({ id: users.id, email: users.email, first_name: users.first_name })
      .from(users)
      .where(eq(users.email, input.email));
    await recordAudit(tx, actor(null), {
      action: 'auth.sign-up',
      resourceType: 'user',
      resourceId: existing?.id ?? null,
      outcome: 'failure',
      detail: { reason: 'email already registered' },
    });
    return { kind: 'existing' as const, user: existing };
  });

  const publicUrl = app.config.publicUrl;
  if (outcome.kind === 'created')
    await sendAccountEmail(app, request, verificationEmail(publicUrl, outcome.user, outcome.token));
  else if (outcome.user) await sendAccountEmail(app, request, signUpAttemptEmail(publicUrl, outcome.user));
  return { throttled: false };
}
