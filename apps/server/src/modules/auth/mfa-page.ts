import { renderErrors } from './auth-form.ts';
import { escapeHtml } from './oidc-provider.ts';
import { renderAuthPage } from './login-page.ts';

/** The second step of a sign-in with two-step sign-in on: the 6-digit code from the authenticator app. */
export function renderMfaPage(options: { action: string; error?: string }): string {
  return renderAuthPage({
    title: 'Two-step sign-in',
    lead: 'Enter the 6-digit code your authenticator app shows for Referrals.',
    body: `<form method="post" action="${escapeHtml(options.action)}" novalidate>
    ${renderErrors([options.error])}
    <label for="code">Code</label>
    <input id="code" name="code" type="text" inputmode="numeric" pattern="[0-9 ]*" autocomplete="one-time-code" maxlength="7" required autofocus${
      options.error ? ' aria-invalid="true"' : ''
    }>
    <button type="submit">Verify and sign in</button>
  </form>`,
  });
}
