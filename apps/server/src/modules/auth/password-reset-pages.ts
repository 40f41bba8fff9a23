import {
  backToSignIn,
  renderErrors,
  renderFields,
  renderLink,
  renderMessage,
  type FormField,
} from './auth-form.ts';
import { renderAuthPage } from './login-page.ts';
import { escapeHtml } from './oidc-provider.ts';
import { MIN_PASSWORD_LENGTH, type NewPasswordErrors } from './password-rules.ts';
import { RESET_REQUESTED } from './password-reset.ts';

export const LINK_USED_OR_EXPIRED = 'This link has expired or has already been used.';
export const PASSWORD_CHANGED = 'Your password has been changed. You can now sign in.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait 15 minutes and try again.';

const FORGOT_TITLE = 'Reset your password';
const FORGOT_LEAD =
  'Enter the email address of your Referrals account and we will email you a link to choose a new password.';

export function renderForgotPasswordPage(
  publicUrl: string,
  options: { email?: string; error?: string; sent?: boolean } = {},
): string {
  if (options.sent)
    return renderAuthPage({
      title: 'Check your email',
      lead: 'The link in the email works once, within one hour. If it does not arrive, check your junk mail folder.',
      body: `${renderMessage('success', RESET_REQUESTED)}\n  ${backToSignIn(publicUrl)}`,
    });
  const field: FormField = {
    name: 'email',
    label: 'Email',
    type: 'email',
    autocomplete: 'email',
    value: options.email ?? '',
    error: options.error,
  };
  return renderAuthPage({
    title: FORGOT_TITLE,
    lead: FORGOT_LEAD,
    body: `<form method="post" action="/auth/forgot-password" novalidate>
    ${renderErrors([options.error])}
    ${renderFields([field])}
    <button type="submit">Email me a reset link</button>
  </form>
  ${backToSignIn(publicUrl)}`,
  });
}

export function renderResetPasswordPage(
  publicUrl: string,
  options: { token: string; email: string; errors?: NewPasswordErrors },
): string {
  const errors = options.errors ?? {};
  return renderAuthPage({
    title: 'Choose a new password',
    lead: 'Your new password replaces the old one, and signs you out everywhere you are signed in.',
    body: `<form method="post" action="/auth/reset-password" novalidate>
    ${renderErrors([errors.password, errors.confirm_password])}
    <input type="hidden" name="token" value="${escapeHtml(options.token)}">
    <input type="email" name="username" autocomplete="username" value="${escapeHtml(options.email)}" hidden readonly>
    ${renderFields([
      {
        name: 'password',
        label: 'New password',
        type: 'password',
        autocomplete: 'new-password',
        hint: `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`,
        error: errors.password,
      },
      {
        name: 'confirm_password',
        label: 'Confirm new password',
        type: 'password',
        autocomplete: 'new-password',
        error: errors.confirm_password,
      },
    ])}
    <button type="submit">Change password</button>
  </form>
  ${backToSignIn(publicUrl)}`,
  });
}

export function renderResetLinkUnusablePage(publicUrl: string): string {
  return renderAuthPage({
    title: FORGOT_TITLE,
    lead: 'Reset links work once, within one hour of being sent.',
    body: `${renderMessage('error', LINK_USED_OR_EXPIRED)}
  ${renderLink('/auth/forgot-password', 'Request a new link', 'button')}
  ${backToSignIn(publicUrl)}`,
  });
}

export function renderPasswordChangedPage(publicUrl: string): string {
  return renderAuthPage({
    title: 'Password changed',
    lead: 'Use your new password from now on.',
    body: `${renderMessage('success', PASSWORD_CHANGED)}
  ${renderLink(`${publicUrl}/login`, 'Sign in', 'button')}`,
  });
}

export function renderTooManyRequestsPage(publicUrl: string, title: string): string {
  return renderAuthPage({
    title,
    lead: 'To protect accounts, we limit how often this can be asked.',
    body: `${renderMessage('error', TOO_MANY_REQUESTS)}\n  ${backToSignIn(publicUrl)}`,
  });
}
