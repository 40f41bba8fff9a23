import { escapeHtml, renderPage } from './page-frame.ts';

export type SignInPageOptions = { action: string; email: string; error?: string; accounts: string[] };

/** The record system's sign-in at the authorize step; the launch's practitioner is filled in. */
export function renderSignInPage(options: SignInPageOptions): string {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  return renderPage({
    heading: 'Sign in',
    narrow: true,
    body: `<h1>Sign in</h1>
<p class="muted">Referrals asks the clinical record who you are. Every sandbox practitioner's password is <strong>sandbox</strong>.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  ${options.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>` : ''}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email)}"${invalid}${options.email ? '' : ' autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${options.email ? ' autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>
<p class="muted">Sandbox practitioners: ${options.accounts.map(escapeHtml).join(', ')}.</p>`,
  });
}
