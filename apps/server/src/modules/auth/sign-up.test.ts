import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, readMailbox } from '../../../test/mailbox.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SignInClient, signedInAs } from '../../../test/sign-in-client.ts';
import { createUser } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { users } from '../../db/schema/people.ts';
import { EMAIL_VERIFIED } from './email-verification-routes.ts';
import { expireOneTimeTokens } from './one-time-tokens.ts';
import { LINK_USED_OR_EXPIRED } from './password-reset-pages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { SIGN_UP_DONE } from './sign-up.ts';

const PASSWORD = 'violet harbour pencil seven';

describe('creating an account and verifying its email address', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-signup-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let sequence = 0;
  const newEmail = () => `new.person.${Date.now()}.${++sequence}@clinic.example`;
  const signUp = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: `198.51.100.${sequence}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        first_name: 'Priya',
        last_name: 'Raman',
        password: PASSWORD,
        confirm_password: fields.password ?? PASSWORD,
        ...fields,
      }).toString(),
    });
  const mailsTo = async (email: string) => (await readMailbox(t.app)).filter((m) => m.to === email);
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  const userByEmail = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
  const alert = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1];

  it('shows a labelled sign-up form that no cache keeps', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/auth/signup' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    for (const [name, label, autocomplete] of [
      ['first_name', 'First name', 'given-name'],
      ['last_name', 'Last name', 'family-name'],
      ['email', 'Email', 'email'],
      ['password', 'Password', 'new-password'],
      ['confirm_password', 'Confirm password', 'new-password'],
    ]) {
      expect(page.body).toContain(`<label for="${name}">${label}</label>`);
      expect(page.body).toMatch(
        new RegExp(`id="${name}" name="${name}" [^>]*autocomplete="${autocomplete}"`),
      );
    }
    expect(page.body).toContain('Back to sign in');
  });

  it('creates an unverified provider, whose email link verifies it; the person signs in to an incomplete registration', async () => {
    const email = newEmail();
    const created = await signUp({ email: email.toUpperCase() });
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body).toContain(SIGN_UP_DONE);

    const user = await userByEmail(email);
    expect(user).toMatchObject({
      user_type: 'provider',
      role: null,
      registration_completed: false,
      email_verified_at: null,
      first_name: 'Priya',
      last_name: 'Raman',
    });
    expect(await verifyPassword(user?.password_hash ?? null, PASSWORD)).toBe(true);

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Verify your email address for Referrals');
    const link = linkIn(mail, 'http://referrals.test/auth/verify-email?token=');

    // An unverified account may sign in (registration happens in the web app) and says it is unverified.
    const client = new SignInClient(t.app);
    expect((await client.signIn(email, PASSWORD)).statusCode).toBe(200);

    const verified = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['cache-control']).toBe('no-store');
    expect(verified.body).toContain(EMAIL_VERIFIED);
    expect(verified.body).toContain('href="http://referrals.test/login"');
    expect((await userByEmail(email))?.email_verified_at).toBeInstanceOf(Date);
    // Opening the link again (or after a mail scanner did) still says what is true.
    expect((await t.app.inject({ method: 'GET', url: pathOf(link) })).body).toContain(EMAIL_VERIFIED);

    const api = await signedInAs(t.app, email, PASSWORD);
    const profile = await api('GET', '/api/profile/');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email, registration_completed: false });

    const audited = await t.database.db
      .select({ action: auditLog.action, outcome: auditLog.outcome })
      .from(auditLog)
      .where(eq(auditLog.resource_id, user?.id ?? ''));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'auth.sign-up', outcome: 'success' },
        { action: 'auth.email-verification', outcome: 'success' },
      ]),
    );
  });

  it('answers a registered address like a new one, tells its owner, and creates nobody', async () => {
    const owner = await createUser(t.database.db, {
      password_hash: await hashPassword('the owners own password'),
      email_verified_at: new Date(),
    });
    const fresh = await signUp({ email: newEmail() });
    const duplicate = await signUp({ email: owner.email, first_name: 'Mallory' });
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.body).toBe(fresh.body);

    const owned = await t.database.db.select().from(users).where(eq(users.email, owner.email));
    expect(owned).toHaveLength(1);
    expect(owned[0]?.first_name).toBe(owner.first_name);
    expect(await verifyPassword(owned[0]?.password_hash ?? null, 'the owners own password')).toBe(true);

    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Someone tried to create a Referrals account with your email address');
    expect(mails[0]?.text).not.toContain('verify-email');
    const [attempt] = await t.database.db
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(eq(auditLog.resource_id, owner.id));
    expect(attempt).toEqual({ outcome: 'failure' });
  });

  it('explains each problem with the form and creates nothing', async () => {
    const email = newEmail();
    const res = await signUp({
      email,
      first_name: ' ',
      password: 'too short',
      confirm_password: 'too short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('Enter your first name.');
    expect(res.body).toContain('Your password must be at least 12 characters long.');
    expect(res.body).toMatch(/id="first_name" [^>]*aria-invalid="true"[^>]* autofocus/);
    expect(res.body).toContain(`value="${email}"`);
    expect(res.body).not.toContain('value="too short"');

    const mismatch = await signUp({ email, confirm_password: 'not the same at all' });
    expect(alert(mismatch.body)).toBe('The passwords do not match.');
    const sameAsEmail = await signUp({ email, password: email, confirm_password: email });
    expect(alert(sameAsEmail.body)).toBe('Your password must not be your email address.');
    const badEmail = await signUp({ email: 'priya at clinic' });
    expect(alert(badEmail.body)).toBe('Enter a valid email address.');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('answers 429 after five sign-ups for one address in 15 minutes', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) expect((await signUp({ email })).statusCode).toBe(200);
    const limited = await signUp({ email });
    expect(limited.statusCode).toBe(429);
    expect(alert(limited.body)).toBe('Too many requests. Please wait 15 minutes and try again.');
    // The first created the account; the other four told its owner.
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('refuses a verification link that expired or was replaced', async () => {
    const email = newEmail();
    await signUp({ email });
    const user = await userByEmail(email);
    const link = linkIn((await mailsTo(email))[0], 'http://referrals.test/auth/verify-email?token=');
    await expireOneTimeTokens(t.database.db, user?.id ?? '');
    const expired = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(expired.statusCode).toBe(400);
    expect(alert(expired.body)).toBe(LINK_USED_OR_EXPIRED);
    expect((await userByEmail(email))?.email_verified_at).toBeNull();
    const unknown = await t.app.inject({ method: 'GET', url: '/auth/verify-email?token=nonsense' });
    expect(alert(unknown.body)).toBe(LINK_USED_OR_EXPIRED);
  });

  it('sends a fresh verification link on request (202), and refuses once the address is verified (400)', async () => {
    const email = newEmail();
    await signUp({ email });
    const api = await signedInAs(t.app, email, PASSWORD);
    const first = linkIn((await mailsTo(email))[0], 'http://referrals.test/auth/verify-email?token=');

    const resent = await api('POST', '/api/profile/resend-verification/');
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ detail: 'Verification email sent.' });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1], 'http://referrals.test/auth/verify-email?token=');
    // Only the newest link works.
    expect((await t.app.inject({ method: 'GET', url: pathOf(first) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second) })).body).toContain(EMAIL_VERIFIED);

    const again = await api('POST', '/api/profile/resend-verification/');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ['Your email address is already verified.'] });
    expect(await mailsTo(email)).toHaveLength(2);

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/profile/resend-verification/' });
    expect(anonymous.statusCode).toBe(401);

    const user = await userByEmail(email);
    const requests = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.resource_id, user?.id ?? ''));
    expect(requests.map((r) => r.action)).toContain('auth.email-verification-request');
  });
});
