import { escapeHtml } from './oidc-provider.ts';

export type LoginPageOptions = {
  action: string;
  email?: string;
  error?: string;
  sessionExpired?: boolean;
};

/**
 * The hosted login page: a plain server-rendered form (no script), so it works before the web app loads
 * and with any browser setting. Labels, error text and focus order are built for screen readers.
 */
export function renderLoginPage(options: LoginPageOptions): string {
  const notice = options.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>`
    : options.sessionExpired
      ? `<p class="notice" role="status">Your session expired after a period of inactivity. Please sign in again.</p>`
      : '';
  const describedBy = options.error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Referrals</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7f6;color:#1d2b24;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem}
  main{width:100%;max-width:24rem}
  .brand{display:flex;align-items:center;gap:.6rem;justify-content:center;margin-bottom:1.5rem;font-size:1.5rem;font-weight:700}
  .mark{width:2.25rem;height:2.25rem;border-radius:.6rem;background:#23804a;display:flex;align-items:center;justify-content:center;color:#fff;font-size:1.25rem}
  form{background:#fff;border:1px solid #dde3e0;border-radius:.75rem;padding:1.75rem;box-shadow:0 1px 3px rgba(0,0,0,.05)}
  h1{font-size:1.25rem;margin:0 0 .25rem}
  .lead{margin:0 0 1.25rem;color:#4a5a52;font-size:.95rem}
  label{display:block;font-weight:600;font-size:.9rem;margin:1rem 0 .35rem}
  input{width:100%;padding:.65rem .75rem;border:1px solid #b9c4be;border-radius:.5rem;font-size:1rem}
  input:focus{outline:3px solid #9fd3b4;border-color:#23804a}
  button{margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:.5rem;background:#23804a;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
  button:hover{background:#1a6b3e}
  .error{background:#fdecec;color:#8a1f1f;border:1px solid #f3b9b9;border-radius:.5rem;padding:.65rem .75rem;margin:0 0 .5rem}
  .notice{background:#eef5fd;color:#17406f;border:1px solid #c4dbf5;border-radius:.5rem;padding:.65rem .75rem;margin:0 0 .5rem}
  footer{text-align:center;margin-top:1rem;font-size:.85rem;color:#4a5a52}
</style>
</head>
<body>
<main>
  <div class="brand"><span class="mark" aria-hidden="true">&#x21b1;</span><span>Referrals</span></div>
  <form method="post" action="${escapeHtml(options.action)}" novalidate>
    <h1>Sign in</h1>
    <p class="lead">Use the email address and password of your Referrals account.</p>
    ${notice}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}"${describedBy}>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
    <button type="submit">Sign in</button>
  </form>
  <footer>Referrals keeps patients' health information private. Sign out when you leave a shared computer.</footer>
</main>
</body>
</html>`;
}
