import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '@referrals/domain/runtime-config';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { createUser } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { backdateSessionActivity } from './auth-sessions.ts';
import { currentMfaCode, newMfaSecret } from './mfa.ts';
import { hashPassword } from './passwords.ts';
import { REFRESH_COOKIE } from './refresh-cookie.ts';

const PASSWORD = 'correct horse battery staple';

describe('signing in through the built-in hosted login', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await createUser(t.database.db, {
      password_hash: await hashPassword(PASSWORD),
      email_verified_at: new Date(),
    });
    email = user.email;
  });
  afterAll(() => t.app.close());

  const signedIn = async () => {
    const client = new SignInClient(t.app);
    const token = await client.signIn(email, PASSWORD);
    expect(token.statusCode).toBe(200);
    const accessToken = String(token.json().access_token);
    const api = (url: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${accessToken}` } });
    return { client, token, accessToken, api };
  };

  it('publishes a discovery document with PKCE S256 and the token endpoint under /auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://referrals.test/auth');
    expect(doc.token_endpoint).toBe('http://referrals.test/auth/oauth/token');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );
  });

  it('shows an accessible login form, with the session-expired hint when asked', async () => {
    const { form } = await new SignInClient(t.app).openLoginForm({ session_expired: 'true' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<label for="email">Email</label>');
    expect(form.body).toContain('<label for="password">Password</label>');
    expect(form.body).toContain('Your session expired after a period of inactivity');
  });

  it('answers a malformed token request with an OAuth error, not a server error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      payload: { grant_type: ['authorization_code'], code: 42 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    const wrongCode = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      payload: {
        grant_type: 'authorization_code',
        client_id: 'referrals-web',
        code: 'made-up',
        code_verifier: 'x'.repeat(43),
      },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe('invalid_grant');
  });

  it('refuses an authorization request without PKCE', async () => {
    const query = new URLSearchParams({
      client_id: 'referrals-web',
      response_type: 'code',
      redirect_uri: 'http://referrals.test/authorize',
      scope: 'openid',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/authorize?${query.toString()}`,
      headers: { host: 'referrals.test' },
    });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toContain('error=invalid_request');
    expect(new URL(String(res.headers.location)).searchParams.get('error_description')).toMatch(
      /PKCE|code_challenge/i,
    );
  });

  it('lets a user sign in and reach their profile with the access token', async () => {
    const { token, accessToken, api } = await signedIn();
    expect(token.json()).not.toHaveProperty('refresh_token');
    expect(token.json().scope).toBe('openid profile email');
    expect(decodeJwt(accessToken)).toMatchObject({
      aud: 'http://referrals.test/api',
      iss: 'http://referrals.test/auth',
    });
    const profile = await api('/api/profile/');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email);
    expect(profile.json()).not.toHaveProperty('password_hash');
  });

  it('keeps the refresh token in an HttpOnly, SameSite=Strict cookie (not Secure on plain-http localhost only)', async () => {
    const { token } = await signedIn();
    const cookies = token.cookies as {
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
    }[];
    expect(cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      secure: true,
    });
    // Beside it, a cookie the web app can read that says a sign-in exists, and holds nothing secret.
    const marker = cookies.find((c) => c.name === SIGNED_IN_COOKIE);
    expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', secure: true });
    expect(marker?.httpOnly).toBeFalsy();
  });

  it('answers 401 with a detail for no token and for a tampered one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/profile/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const { accessToken } = await signedIn();
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const tampered = await t.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().detail).toEqual(expect.any(String));
  });

  it('rotates the refresh token and refuses a replayed one, ending that sign-in', async () => {
    const { client } = await signedIn();
    const first = client.cookies.get(REFRESH_COOKIE);
    const refreshed = await client.refresh();
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access_token).toEqual(expect.any(String));
    const second = client.cookies.get(REFRESH_COOKIE);
    expect(second).not.toBe(first);

    const replay = new SignInClient(t.app);
    replay.cookies.set(REFRESH_COOKIE, first ?? '');
    const replayed = await replay.refresh();
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe('invalid_grant');
    // The replay revoked the whole grant: the legitimate holder's newer token is refused too.
    expect((await client.refresh()).statusCode).toBe(400);
    // And the web app is told there is no sign-in left to refresh.
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });

  it('signs out: the access token and the refresh token stop working at once', async () => {
    const { client, api } = await signedIn();
    const logout = await api('/api/profile/logout/', 'POST');
    expect(logout.statusCode).toBe(204);
    expect((await api('/api/profile/')).statusCode).toBe(401);
    expect((await client.refresh()).statusCode).toBe(400);
  });

  it('signs in again in the same browser after signing out, as a new session', async () => {
    const { client, accessToken, api } = await signedIn();
    expect((await api('/api/profile/logout/', 'POST')).statusCode).toBe(204);
    const again = await client.signIn(email, PASSWORD);
    expect(again.statusCode).toBe(200);
    const next = String(again.json().access_token);
    expect(decodeJwt(next).gid).not.toBe(decodeJwt(accessToken).gid);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Bearer ${next}` },
    });
    expect(profile.statusCode).toBe(200);
    expect((await client.refresh()).statusCode).toBe(200);
  });

  it('ends a session idle for longer than 30 minutes, whatever the browser does', async () => {
    const { client, accessToken, api } = await signedIn();
    await backdateSessionActivity(t.database.db, String(decodeJwt(accessToken).gid), 29);
    expect((await api('/api/profile/')).statusCode).toBe(200);
    await backdateSessionActivity(t.database.db, String(decodeJwt(accessToken).gid), 31);
    const idle = await api('/api/profile/');
    expect(idle.statusCode).toBe(401);
    expect(idle.json().detail).toMatch(/session has ended/);
    expect((await client.refresh()).statusCode).toBe(400);
  });

  it("uses the profile's own session_expiry minutes instead of 30 when set", async () => {
    await t.database.db.update(users).set({ session_expiry: 5 }).where(eq(users.email, email));
    const { client, accessToken, api } = await signedIn();
    await backdateSessionActivity(t.database.db, String(decodeJwt(accessToken).gid), 6);
    const refreshed = await client.refresh();
    expect(refreshed.statusCode).toBe(400);
    expect((await api('/api/profile/')).statusCode).toBe(401);
    await t.database.db.update(users).set({ session_expiry: null }).where(eq(users.email, email));
  });
});

describe('two-step sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('asks for the code from the app after the password, and signs in only with the right one', async () => {
    const secret = newMfaSecret();
    const user = await createUser(t.database.db, {
      password_hash: await hashPassword(PASSWORD),
      mfa_enabled: true,
      mfa_secret: secret,
    });
    const client = new SignInClient(t.app);
    const { action } = await client.openLoginForm();
    const password = await client.submitLogin(action, user.email, PASSWORD);
    expect(password.statusCode).toBe(200);
    expect(password.body).toContain('<label for="code">Code</label>');
    const mfaAction = /action="([^"]+\/mfa)"/.exec(password.body)?.[1] ?? '';
    const wrong = await client.request('POST', mfaAction, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That code is not right');
    const right = await client.request('POST', mfaAction, { code: currentMfaCode(secret, user.email) });
    expect(right.statusCode).toBe(303);

    const token = await new SignInClient(t.app).signIn(user.email, PASSWORD, () =>
      currentMfaCode(secret, user.email),
    );
    expect(token.statusCode).toBe(200);
    const failures = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, user.id), eq(auditLog.outcome, 'failure')));
    expect(failures.map((f) => f.detail)).toEqual([{ reason: 'wrong two-step code' }]);
  });

  it('cannot skip the code by going straight to the second step of another sign-in', async () => {
    const client = new SignInClient(t.app);
    const { action } = await client.openLoginForm();
    const res = await client.request('POST', action.replace(/\/login$/, '/mfa'), { code: '123456' });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toBe('http://referrals.test/login');
  });
});

describe('sign-in protection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('answers a wrong password and an unknown email the same way, and audits both', async () => {
    const user = await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) });
    const failedSignIns = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.sign-in'), eq(auditLog.outcome, 'failure')))
        .then((rows) => rows.length);
    const before = await failedSignIns();
    const client = new SignInClient(t.app);
    const { action } = await client.openLoginForm();
    const wrong = await client.submitLogin(action, user.email, 'not the password');
    const unknown = await client.submitLogin(action, 'nobody@example.test', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const message = (body: string) => /role="alert"[^>]*>([^<]+)</.exec(body)?.[1];
    expect(message(wrong.body)).toBe('Wrong email or password.');
    expect(message(unknown.body)).toBe(message(wrong.body));
    expect(await failedSignIns()).toBe(before + 2);
  });

  it('refuses further tries with 429 after five failures for one account, even with the right password', async () => {
    const user = await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) });
    const client = new SignInClient(t.app);
    const { action } = await client.openLoginForm();
    for (let i = 0; i < 5; i++)
      expect((await client.submitLogin(action, user.email, `guess ${i}`)).statusCode).toBe(401);
    const locked = await client.submitLogin(action, user.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Too many sign-in attempts');
  });

  it('refuses an address that has failed twenty times, whichever accounts it tried', async () => {
    const client = new SignInClient(t.app);
    const { action } = await client.openLoginForm();
    for (let i = 0; i < 20; i++) await client.submitLogin(action, `someone${i}@example.test`, 'guess');
    const user = await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) });
    expect((await client.submitLogin(action, user.email, PASSWORD)).statusCode).toBe(429);
  });
});
