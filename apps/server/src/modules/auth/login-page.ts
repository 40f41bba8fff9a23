import { escapeHtml } from './oidc-provider.ts';

export type LoginPageOptions = {
  action: string;
  email?: string;
  error?: string;
  sessionExpired?: boolean;
  /** The sign-in confirms a single sign-on account link (single-sign-on-link.ts); the page says so. */
  linkingAccount?: boolean;
};

const LINKING_NOTICE =
  "To link your account to your health organisation's single sign-on, sign in once more with the email address and password of your Referrals account.";

/**
 * The hosted login page: a plain server-rendered form (no script), so it works before the web app loads
 * and with any browser setting. Labels, error text and focus order are built for screen readers.
 */
export function renderLoginPage(options: LoginPageOptions): string {
  const notice = options.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>`
    : options.linkingAccount
      ? `<p class="notice" role="status">${escapeHtml(LINKING_NOTICE)}</p>`
      : options.sessionExpired
        ? `<p class="notice" role="status">Your session expired after a period of inactivity. Please sign in again.</p>`
        : '';
  const describedBy = options.error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return renderAuthPage({
    title: 'Sign in',
    lead: 'Use the email address and password of your Referrals account.',
    body: `<form method="post" action="${escapeHtml(options.action)}" novalidate>
    ${notice}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}"${describedBy}>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
    <button type="submit">Sign in</button>
  </form>
  <p class="links"><a href="/auth/forgot-password">Forgot your password?</a><a href="/auth/signup">Create an account</a></p>`,
    footer:
      "Referrals keeps patients' health information private. Sign out when you leave a shared computer.",
  });
}

export type AuthPageOptions = {
  /** The page's title and heading. */
  title: string;
  lead: string;
  /** Trusted HTML: the caller escapes every value it puts in. */
  body: string;
  footer?: string;
};

/**
 * The frame of every hosted-login page (sign in, sign up, password reset, email verification): the brand,
 * one card with a heading, and a footer. Plain HTML and CSS so the pages work without script.
 */
export function renderAuthPage(options: AuthPageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · Referrals</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7f6;color:#1d2b24;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem}
  main{width:100%;max-width:24rem}
  .brand{display:flex;align-items:center;gap:.6rem;justify-content:center;margin-bottom:1.5rem;font-size:1.5rem;font-weight:700}
  .mark{width:2.25rem;height:2.25rem;border-radius:.6rem;background:#23804a;display:flex;align-items:center;justify-content:center;color:#fff;font-size:1.25rem}
  .card{background:#fff;border:1px solid #dde3e0;border-radius:.75rem;padding:1.75rem;box-shadow:0 1px 3px rgba(0,0,0,.05)}
  h1{font-size:1.25rem;margin:0 0 .25rem}
  .lead{margin:0 0 1.25rem;color:#4a5a52;font-size:.95rem}
  label{display:block;font-weight:600;font-size:.9rem;margin:1rem 0 .35rem}
  input,button{font-family:inherit}
  input{width:100%;padding:.65rem .75rem;border:1px solid #b9c4be;border-radius:.5rem;font-size:1rem}
  input:focus{outline:3px solid #9fd3b4;border-color:#23804a}
  input[aria-invalid="true"]{border-color:#b42318}
  .hint{margin:.35rem 0 0;font-size:.85rem;color:#4a5a52}
  .field-error{margin:.35rem 0 0;font-size:.85rem;color:#8a1f1f}
  button,.button{display:block;text-align:center;text-decoration:none;margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:.5rem;background:#23804a;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
  button:hover,.button:hover{background:#1a6b3e}
  a{color:#1a6b3e}
  .links{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap;margin:1rem 0 0;font-size:.9rem}
  .error{background:#fdecec;color:#8a1f1f;border:1px solid #f3b9b9;border-radius:.5rem;padding:.65rem .75rem;margin:0 0 .5rem}
  .error ul{margin:0;padding-left:1.1rem}
  .notice{background:#eef5fd;color:#17406f;border:1px solid #c4dbf5;border-radius:.5rem;padding:.65rem .75rem;margin:0 0 .5rem}
  .success{background:#ecf7f0;color:#1a5c36;border:1px solid #b5dcc3;border-radius:.5rem;padding:.65rem .75rem;margin:0 0 .5rem}
  footer{text-align:center;margin-top:1rem;font-size:.85rem;color:#4a5a52}
</style>
</head>
<body>
<main>
  <div class="brand"><span class="mark" aria-hidden="true">&#x21b1;</span><span>Referrals</span></div>
  <div class="card">
  <h1>${escapeHtml(options.title)}</h1>
  <p class="lead">${escapeHtml(options.lead)}</p>
  ${options.body}
  </div>
  ${options.footer ? `<footer>${escapeHtml(options.footer)}</footer>` : ''}
</main>
</body>
</html>`;
}
