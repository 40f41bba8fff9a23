import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldErrorsFromIssues } from '@referrals/domain/api';
import { users } from '../../db/schema/people.ts';
import { throttled, validationFailed } from '../../http/api-errors.ts';
import { sendPage } from './auth-form.ts';
import { inspectOneTimeToken } from './one-time-tokens.ts';
import { WEB_CLIENT_ID } from './oidc-provider.ts';
import {
  renderForgotPasswordPage,
  renderPasswordChangedPage,
  renderResetLinkUnusablePage,
  renderResetPasswordPage,
  renderTooManyRequestsPage,
} from './password-reset-pages.ts';
import { requestPasswordReset, RESET_REQUESTED, resetPassword } from './password-reset.ts';

const REQUIRED = 'This field is required.';
const EmailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, REQUIRED)
  .max(254, 'Enter a valid email address.')
  .pipe(z.email('Enter a valid email address.'));

const ChangePasswordSchema = z.object({
  client_id: z.string({ error: REQUIRED }).refine((id) => id === WEB_CLIENT_ID, 'Unknown client.'),
  email: EmailSchema,
  connection: z.string().optional(),
});
const ResetFormSchema = z.object({
  token: z.string().max(200).default(''),
  password: z.string().default(''),
  confirm_password: z.string().default(''),
});
const TokenQuerySchema = z.object({ token: z.string().max(200).default('') });

/**
 * Password reset (spec section 7, Hosted login: dbconnections/change_password) and the pages it links to.
 * Every answer is the same for an address we know and one we do not, so the forms cannot find accounts.
 */
export function registerPasswordResetRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;

  app.post('/auth/dbconnections/change_password', { schema: { hide: true } }, async (request, reply) => {
    const body = ChangePasswordSchema.safeParse(request.body ?? {});
    if (!body.success) throw validationFailed(fieldErrorsFromIssues(body.error.issues));
    const { throttled: isThrottled } = await requestPasswordReset(app, request, body.data.email);
    if (isThrottled) throw throttled();
    return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(RESET_REQUESTED);
  });

  app.get('/auth/forgot-password', { schema: { hide: true } }, (_request, reply) =>
    sendPage(reply, 200, renderForgotPasswordPage(publicUrl)),
  );

  app.post('/auth/forgot-password', { schema: { hide: true } }, async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const email = EmailSchema.safeParse(raw.email ?? '');
    if (!email.success)
      return sendPage(
        reply,
        400,
        renderForgotPasswordPage(publicUrl, {
          email: typeof raw.email === 'string' ? raw.email : '',
          error: 'Enter a valid email address.',
        }),
      );
    const { throttled: isThrottled } = await requestPasswordReset(app, request, email.data);
    if (isThrottled) return sendPage(reply, 429, renderTooManyRequestsPage(publicUrl, 'Reset your password'));
    return sendPage(reply, 200, renderForgotPasswordPage(publicUrl, { sent: true }));
  });

  // Showing the form spends nothing: a mail scanner that opens the link leaves it working.
  app.get('/auth/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const { token } = TokenQuerySchema.catch({ token: '' }).parse(request.query);
    const holder = await tokenHolder(token);
    if (!holder) return sendPage(reply, 400, renderResetLinkUnusablePage(publicUrl));
    return sendPage(reply, 200, renderResetPasswordPage(publicUrl, { token, email: holder.email }));
  });

  app.post('/auth/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const form = ResetFormSchema.catch({ token: '', password: '', confirm_password: '' }).parse(
      request.body ?? {},
    );
    const holder = await tokenHolder(form.token);
    if (!holder) return sendPage(reply, 400, renderResetLinkUnusablePage(publicUrl));
    const result = await resetPassword(app, request, {
      token: form.token,
      password: form.password,
      confirm: form.confirm_password,
      email: holder.email,
    });
    if (result.ok) return sendPage(reply, 200, renderPasswordChangedPage(publicUrl));
    if (result.reason === 'link-used-or-expired')
      return sendPage(reply, 400, renderResetLinkUnusablePage(publicUrl));
    return sendPage(
      reply,
      400,
      renderResetPasswordPage(publicUrl, { token: form.token, email: holder.email, errors: result.errors }),
    );
  });

  async function tokenHolder(token: string) {
    const state = await inspectOneTimeToken(db, token, 'password-reset');
    if (!state?.usable) return undefined;
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, state.userId));
    return user;
  }
}
