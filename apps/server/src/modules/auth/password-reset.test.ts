import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, readMailbox } from '../../../test/mailbox.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SignInClient, signedInAs } from '../../../test/sign-in-client.ts';
import { createUser, type User } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { expireOneTimeTokens } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';
import { LINK_USED_OR_EXPIRED, PASSWORD_CHANGED } from './password-reset-pages.ts';
import { RESET_REQUESTED } from './password-reset.ts';

const OLD_PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'paper kettle orbit lantern';

describe('resetting a forgotten password', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-reset-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let ipCounter = 0;
  // Each test asks from its own address, so the per-address limit of one test does not reach another.
  const freshIp = () => `203.0.113.${++ipCounter}`;
  const accountWithPassword = async () =>
    createUser(t.database.db, {
      password_hash: await hashPassword(OLD_PASSWORD),
      email_verified_at: new Date(),
    });
  const askForReset = (email: string, ip: string, form = false) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/dbconnections/change_password',
      remoteAddress: ip,
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      payload: form
        ? new URLSearchParams({ client_id: 'referrals-web', email }).toString()
        : JSON.stringify({
            client_id: 'referrals-web',
            email,
            connection: 'Username-Password-Authentication',
          }),
    });
  const mailsTo = async (email: string) => (await readMailbox(t.app)).filter((m) => m.to === email);
  const resetLinkFor = async (user: User) => {
    const mails = await mailsTo(user.email);
    return linkIn(mails.at(-1), 'http://referrals.test/auth/reset-password?token=');
  };
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  const submitNewPassword = (link: string, password: string, confirm = password) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: new URL(link).searchParams.get('token') ?? '',
        password,
        confirm_password: confirm,
      }).toString(),
    });
  const alert = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1];

  it('emails a link that sets a new password once, ends every sign-in, and lets only the new password in', async () => {
    const user = await accountWithPassword();
    const api = await signedInAs(t.app, user.email, OLD_PASSWORD);
    const keptSignIn = new SignInClient(t.app);
    expect((await keptSignIn.signIn(user.email, OLD_PASSWORD)).statusCode).toBe(200);

    const asked = await askForReset(user.email.toUpperCase(), freshIp());
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toBe(RESET_REQUESTED);
    expect(asked.headers['cache-control']).toBe('no-store');

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Reset your Referrals password');
    const link = await resetLinkFor(user);
    expect(new URL(link).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const form = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.body).toContain('<label for="password">New password</label>');
    expect(form.body).toContain('<label for="confirm_password">Confirm new password</label>');
    expect(form.body).toContain('autocomplete="new-password"');
    expect(form.body).toContain('Back to sign in');

    const changed = await submitNewPassword(link, NEW_PASSWORD);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['cache-control']).toBe('no-store');
    expect(changed.body).toContain(PASSWORD_CHANGED);
    expect(changed.body).toContain('href="http://referrals.test/login"');

    // The link is spent: neither the form nor a second submission works again.
    const again = await submitNewPassword(link, 'another long password here');
    expect(again.statusCode).toBe(400);
    expect(alert(again.body)).toBe(LINK_USED_OR_EXPIRED);
    expect(again.body).toContain('href="/auth/forgot-password"');
    expect((await t.app.inject({ method: 'GET', url: pathOf(link) })).body).toContain(LINK_USED_OR_EXPIRED);

    // Every sign-in made with the old password has ended.
    expect((await api('GET', '/api/profile/')).statusCode).toBe(401);
    expect((await keptSignIn.refresh()).statusCode).toBe(400);

    const client = new SignInClient(t.app);
    const { action } = await client.openLoginForm();
    expect((await client.submitLogin(action, user.email, OLD_PASSWORD)).statusCode).toBe(401);
    expect((await new SignInClient(t.app).signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const audited = await t.database.db
      .select({ action: auditLog.action, outcome: auditLog.outcome })
      .from(auditLog)
      .where(eq(auditLog.resource_id, user.id));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'auth.password-reset-request', outcome: 'success' },
        { action: 'auth.password-reset', outcome: 'success' },
        { action: 'auth.sign-out', outcome: 'success' },
      ]),
    );
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const before = (await readMailbox(t.app)).length;
    const unknown = await askForReset('nobody.here@example.test', freshIp(), true);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(RESET_REQUESTED);
    expect(unknown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(await readMailbox(t.app)).toHaveLength(before);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password-reset-request'), eq(auditLog.outcome, 'failure')));
    expect(audited.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a request from another client or without an email, in the API error shape', async () => {
    const wrongClient = await t.app.inject({
      method: 'POST',
      url: '/auth/dbconnections/change_password',
      payload: { client_id: 'someone-else', email: 'a@b.example' },
    });
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json()).toEqual({ client_id: ['Unknown client.'] });
    const noEmail = await t.app.inject({
      method: 'POST',
      url: '/auth/dbconnections/change_password',
      payload: { client_id: 'referrals-web' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ email: ['This field is required.'] });
  });

  it('answers 429 after five requests for one address, and after twenty from one network address', async () => {
    const user = await accountWithPassword();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await askForReset(user.email, ip)).statusCode).toBe(200);
    const limited = await askForReset(user.email, freshIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'Request was throttled.' });
    expect(await mailsTo(user.email)).toHaveLength(5);

    const busyIp = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await askForReset(`someone${i}@example.test`, busyIp)).statusCode).toBe(200);
    const other = await accountWithPassword();
    expect((await askForReset(other.email, busyIp)).statusCode).toBe(429);
    expect(await mailsTo(other.email)).toHaveLength(0);
  });

  it('refuses an expired link, and an older link once a newer one is sent', async () => {
    const user = await accountWithPassword();
    await askForReset(user.email, freshIp());
    const first = await resetLinkFor(user);
    await askForReset(user.email, freshIp());
    const second = await resetLinkFor(user);
    expect(second).not.toBe(first);
    expect((await submitNewPassword(first, NEW_PASSWORD)).body).toContain(LINK_USED_OR_EXPIRED);

    await expireOneTimeTokens(t.database.db, user.id);
    const page = await t.app.inject({ method: 'GET', url: pathOf(second) });
    expect(page.statusCode).toBe(400);
    expect(alert(page.body)).toBe(LINK_USED_OR_EXPIRED);
    expect((await submitNewPassword(second, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await new SignInClient(t.app).signIn(user.email, OLD_PASSWORD)).statusCode).toBe(200);
  });

  it('explains a password that is too short, is the email address, or is not confirmed, and keeps the link usable', async () => {
    const user = await accountWithPassword();
    await askForReset(user.email, freshIp());
    const link = await resetLinkFor(user);

    const short = await submitNewPassword(link, 'short');
    expect(short.statusCode).toBe(400);
    expect(alert(short.body)).toBe('Your password must be at least 12 characters long.');
    expect(short.body).toContain('aria-invalid="true"');
    expect(short.body).not.toContain('value="short"');
    expect(alert((await submitNewPassword(link, user.email.toUpperCase())).body)).toBe(
      'Your password must not be your email address.',
    );
    expect(alert((await submitNewPassword(link, NEW_PASSWORD, 'something else entirely')).body)).toBe(
      'The passwords do not match.',
    );
    expect((await submitNewPassword(link, NEW_PASSWORD)).body).toContain(PASSWORD_CHANGED);
  });

  it('offers the reset from the login page through a form of its own', async () => {
    const { form } = await new SignInClient(t.app).openLoginForm();
    expect(form.body).toContain('<a href="/auth/forgot-password">Forgot your password?</a>');
    expect(form.body).toContain('<a href="/auth/signup">Create an account</a>');

    const page = await t.app.inject({ method: 'GET', url: '/auth/forgot-password' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<label for="email">Email</label>');

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: new URLSearchParams({ email: 'not an address' }).toString(),
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(alert(invalid.body)).toBe('Enter a valid email address.');

    const user = await accountWithPassword();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: new URLSearchParams({ email: user.email }).toString(),
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(RESET_REQUESTED.replace("'", '&#39;'));
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
