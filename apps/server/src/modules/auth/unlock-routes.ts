import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { backToSignIn, renderLink, renderMessage, sendPage } from './auth-form.ts';
import { renderAuthPage } from './login-page.ts';
import { escapeHtml } from './oidc-provider.ts';
import { inspectOneTimeToken } from './one-time-tokens.ts';
import { LINK_USED_OR_EXPIRED } from './password-reset-pages.ts';
import { unlockAccount } from './unlock-account.ts';

const TITLE = 'Unlock your account';
export const ACCOUNT_UNLOCKED = 'Your account is unlocked. You can sign in again.';
const TokenSchema = z.object({ token: z.string().max(200).default('') }).catch({ token: '' });

/**
 * The link a locked account's owner is emailed (sign-in-throttle.ts). Opening it shows a button and spends
 * nothing, so a mail scanner that follows links cannot use it up; the button's POST lifts the lock.
 */
export function registerUnlockRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const unusable = () =>
    renderAuthPage({
      title: TITLE,
      lead: 'Unlock links work once, within 24 hours of being sent.',
      body: `${renderMessage('error', LINK_USED_OR_EXPIRED)}\n  ${backToSignIn(publicUrl)}`,
    });

  app.get('/auth/unlock', { schema: { hide: true } }, async (request, reply) => {
    const { token } = TokenSchema.parse(request.query);
    if (!(await inspectOneTimeToken(db, token, 'unlock'))?.usable) return sendPage(reply, 400, unusable());
    return sendPage(
      reply,
      200,
      renderAuthPage({
        title: TITLE,
        lead: 'Sign-ins to your account were stopped after too many wrong attempts.',
        body: `<form method="post" action="/auth/unlock">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <button type="submit">Unlock my account</button>
  </form>
  ${backToSignIn(publicUrl)}`,
      }),
    );
  });

  app.post('/auth/unlock', { schema: { hide: true } }, async (request, reply) => {
    const { token } = TokenSchema.parse(request.body ?? {});
    if (!(await unlockAccount({ db, request, token }))) return sendPage(reply, 400, unusable());
    return sendPage(
      reply,
      200,
      renderAuthPage({
        title: TITLE,
        lead: 'Use your password as before.',
        body: `${renderMessage('success', ACCOUNT_UNLOCKED)}\n  ${renderLink(`${publicUrl}/login`, 'Sign in', 'button')}`,
      }),
    );
  });
}
