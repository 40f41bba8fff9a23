import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { users } from '../../db/schema/people.ts';
import { auditActorOf, recordAudit, type AuditOutcome } from '../audit/record-audit.ts';
import { sendPage } from './auth-form.ts';
import { renderMfaPage } from './mfa-page.ts';
import { isValidMfaCode } from './mfa.ts';
import { renderLoginPage } from './login-page.ts';
import { spendOneTimeToken } from './one-time-tokens.ts';
import { confirmSingleSignOnLink } from './single-sign-on-link.ts';
import { verifyPassword } from './passwords.ts';
import { beginSignInAttempt, signInSucceeded } from './sign-in-throttle.ts';

const MfaFormSchema = z.object({ code: z.string().trim().max(20) });
const LAUNCH_TICKET_SPENT =
  'That launch from your clinical record has already been used or has expired. Sign in with your email and password, or launch Referrals from your clinical record again.';
const WRONG_CODE = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';

const LoginFormSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1024),
});

// One answer for an unknown email and a wrong password, so the form cannot be used to find accounts.
const WRONG_CREDENTIALS = 'Wrong email or password.';
const THROTTLED =
  'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password. If the account was locked, we have emailed its owner a link to unlock it.';

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
    if (typeof details.params.record_launch === 'string') {
      return signInWithLaunchTicket(request, reply, details, details.params.record_launch);
    }
    return sendPage(
      reply,
      200,
      renderLoginPage({
        action: `/auth/interaction/${details.uid}/login`,
        sessionExpired: details.params.session_expired === 'true',
        // login_hint fills in the address, e.g. when account linking asks for this account's password.
        email: typeof details.params.login_hint === 'string' ? details.params.login_hint.slice(0, 254) : '',
        linkingAccount: typeof details.params.sso_link === 'string',
      }),
    );
  });

  app.post('/auth/interaction/:uid/login', { schema: { hide: true } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details) return reply.redirect(`${app.config.publicUrl}/login`);
    const form = LoginFormSchema.safeParse(request.body);
    const email = form.success ? form.data.email : '';
    const page = (status: number, error: string) =>
      sendPage(
        reply,
        status,
        renderLoginPage({
          action: `/auth/interaction/${details.uid}/login`,
          email,
          error,
          linkingAccount: typeof details.params.sso_link === 'string',
        }),
      );
    const audit = (outcome: AuditOutcome, actorId: string | null, reason?: string) =>
      auditSignIn(request, outcome, actorId, reason);

    if (!form.success || !email || !form.data.password) return page(400, 'Enter your email and password.');
    if (!(await beginSignInAttempt(app, request, email)).allowed) {
      await audit('denied', null, 'throttled');
      return page(429, THROTTLED);
    }
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!(await verifyPassword(user?.password_hash ?? null, form.data.password)) || !user) {
      await audit('failure', user?.id ?? null, user ? 'wrong password' : 'unknown email');
      return page(401, WRONG_CREDENTIALS);
    }
    if (user.mfa_enabled && user.mfa_secret) {
      // The password was right; the sign-in waits on this interaction for the code from the app.
      details.result = { mfa: { accountId: user.id } };
      await details.save(Math.max(60, (details.exp ?? 0) - Math.floor(Date.now() / 1000)));
      return sendPage(reply, 200, renderMfaPage({ action: `/auth/interaction/${details.uid}/mfa` }));
    }
    await signInSucceeded(db, { actor: auditActorOf(request, { userId: user.id }), email, ip: request.ip });
    await confirmSingleSignOnLink(db, request, user.id, details.params.sso_link);
    return finishLogin(request, reply, user.id);
  });

  app.post('/auth/interaction/:uid/mfa', { schema: { hide: true } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    const accountId = (details?.result as { mfa?: { accountId?: string } } | undefined)?.mfa?.accountId;
    if (!details || !accountId) return reply.redirect(`${app.config.publicUrl}/login`);
    const [user] = await db.select().from(users).where(eq(users.id, accountId));
    if (!user?.mfa_secret) return reply.redirect(`${app.config.publicUrl}/login`);
    const page = (status: number, error: string) =>
      sendPage(reply, status, renderMfaPage({ action: `/auth/interaction/${details.uid}/mfa`, error }));

    if (!(await beginSignInAttempt(app, request, user.email)).allowed) {
      await auditSignIn(request, 'denied', user.id, 'throttled');
      return page(429, THROTTLED);
    }
    const code = MfaFormSchema.safeParse(request.body);
    if (!code.success || !isValidMfaCode(user.mfa_secret, user.email, code.data.code)) {
      await auditSignIn(request, 'failure', user.id, 'wrong two-step code');
      return page(401, WRONG_CODE);
    }
    await signInSucceeded(db, {
      actor: auditActorOf(request, { userId: user.id }),
      email: user.email,
      ip: request.ip,
      reason: 'two-step code',
    });
    await confirmSingleSignOnLink(db, request, user.id, details.params.sso_link);
    return finishLogin(request, reply, user.id);
  });

  /**
   * A launch from a clinical record (modules/clinical-record): the record system has signed the person in
   * and the launch matched them to this account, so its single-use ticket stands for the password. Two-step
   * sign-in is still asked of an account that has it. A spent or expired ticket shows the password form.
   */
  async function signInWithLaunchTicket(
    request: FastifyRequest,
    reply: FastifyReply,
    details: Awaited<ReturnType<Provider['interactionDetails']>>,
    ticket: string,
  ) {
    const spent = await spendOneTimeToken(db, ticket, 'record-launch');
    const [user] = spent ? await db.select().from(users).where(eq(users.id, spent.userId)) : [];
    if (!user) {
      await auditSignIn(request, 'failure', spent?.userId ?? null, 'launch ticket used or expired');
      return sendPage(
        reply,
        401,
        renderLoginPage({ action: `/auth/interaction/${details.uid}/login`, error: LAUNCH_TICKET_SPENT }),
      );
    }
    if (user.mfa_enabled && user.mfa_secret) {
      details.result = { mfa: { accountId: user.id } };
      await details.save(Math.max(60, (details.exp ?? 0) - Math.floor(Date.now() / 1000)));
      return sendPage(reply, 200, renderMfaPage({ action: `/auth/interaction/${details.uid}/mfa` }));
    }
    await signInSucceeded(db, {
      actor: auditActorOf(request, { userId: user.id }),
      email: user.email,
      ip: request.ip,
      reason: 'clinical record launch',
    });
    return finishLogin(request, reply, user.id);
  }

  function auditSignIn(
    request: FastifyRequest,
    outcome: AuditOutcome,
    actorId: string | null,
    reason?: string,
  ) {
    return recordAudit(db, auditActorOf(request, { userId: actorId }), {
      action: 'auth.sign-in',
      resourceType: 'user',
      resourceId: actorId,
      outcome,
      ...(reason ? { detail: { reason } } : {}),
    });
  }

  async function finishLogin(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply;
  }
}
