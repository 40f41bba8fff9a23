import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { users } from '../../db/schema/people.ts';
import { auditActorFrom, recordAudit } from '../audit/record-audit.ts';
import { renderLoginPage } from './login-page.ts';
import { verifyPassword } from './passwords.ts';
import { clearAccountFailures, isSignInThrottled, recordSignInFailure } from './sign-in-throttle.ts';

const LoginFormSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1024),
});

// One answer for an unknown email and a wrong password, so the form cannot be used to find accounts.
const WRONG_CREDENTIALS = 'Wrong email or password.';
const THROTTLED = 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.';

/** The login step of the hosted sign-in: the provider sends the browser here, and we send it back. */
export function registerInteractionRoutes(app: FastifyInstance, provider: Provider): void {
  const db = app.database.db;

  app.get('/auth/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    // An expired or foreign sign-in attempt starts again from the web app, which begins a fresh one.
    if (!details) return reply.redirect(`${app.config.publicUrl}/login`);
    if (details.prompt.name !== 'login') {
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
      return reply;
    }
    return reply.type('text/html; charset=utf-8').send(
      renderLoginPage({
        action: `/auth/interaction/${details.uid}/login`,
        sessionExpired: details.params.session_expired === 'true',
      }),
    );
  });

  app.post('/auth/interaction/:uid/login', { schema: { hide: true } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details) return reply.redirect(`${app.config.publicUrl}/login`);
    const form = LoginFormSchema.safeParse(request.body);
    const email = form.success ? form.data.email : '';
    const page = (status: number, error: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(renderLoginPage({ action: `/auth/interaction/${details.uid}/login`, email, error }));
    const audit = (outcome: 'success' | 'failure' | 'denied', actorId: string | null, reason?: string) =>
      recordAudit(db, auditActorFrom(request, { actorId, establishmentId: null }), {
        action: 'auth.sign-in',
        resourceType: 'user',
        resourceId: actorId,
        outcome,
        ...(reason ? { detail: { reason } } : {}),
      });

    if (!form.success || !email || !form.data.password) return page(400, 'Enter your email and password.');
    if (await isSignInThrottled(db, email, request.ip)) {
      await audit('denied', null, 'throttled');
      return page(429, THROTTLED);
    }
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!(await verifyPassword(user?.password_hash ?? null, form.data.password)) || !user) {
      await recordSignInFailure(db, email, request.ip);
      await audit('failure', user?.id ?? null, user ? 'wrong password' : 'unknown email');
      return page(401, WRONG_CREDENTIALS);
    }
    await clearAccountFailures(db, email);
    await audit('success', user.id);
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
    return reply;
  });
}
