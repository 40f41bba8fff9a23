import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { createUser } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { backdateSessionActivity } from './auth-sessions.ts';
import { hashPassword } from './passwords.ts';
import { REFRESH_COOKIE } from './refresh-cookie.ts';

const PASSWORD = 'correct horse battery staple';

describe('a sign-in that ends, ends everywhere', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await buildTestApp();
    email = (await createUser(t.database.db, { password_hash: await hashPassword(PASSWORD) })).email;
  });
  afterAll(() => t.app.close());

  const discovery = async (client: SignInClient) =>
    (await client.request('GET', '/auth/.well-known/openid-configuration')).json<{
      authorization_endpoint: string;
      token_endpoint: string;
      revocation_endpoint: string;
    }>();

  /**
   * A new authorization request in the same browser, as the web app makes one (no prompt=login): where
   * the provider takes it, following its redirects to the login page or back to the app.
   */
  async function authorize(client: SignInClient, extra: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: 'referrals-web',
      response_type: 'code',
      redirect_uri: `${t.config.publicUrl}/authorize`,
      scope: 'openid profile email offline_access',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'state-1',
      ...extra,
    });
    let res = await client.request(
      'GET',
      `${(await discovery(client)).authorization_endpoint}?${query.toString()}`,
    );
    for (let hops = 0; hops < 10 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const location = String(res.headers.location);
      if (location.startsWith(`${t.config.publicUrl}/authorize`)) {
        const back = new URL(location).searchParams;
        return { code: back.get('code'), error: back.get('error'), verifier, loginPage: false };
      }
      res = await client.request('GET', location);
    }
    return { code: null, error: null, verifier, loginPage: res.body.includes('name="password"') };
  }

  const signedIn = async () => {
    const client = new SignInClient(t.app);
    const token = await client.signIn(email, PASSWORD);
    expect(token.statusCode).toBe(200);
    const accessToken = String(token.json().access_token);
    const api = (url: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${accessToken}` } });
    return { client, accessToken, api };
  };

  it('while signed in, the browser gets a code without the password (the login the next tests end)', async () => {
    const { client } = await signedIn();
    expect(await authorize(client, { prompt: 'none' })).toMatchObject({ code: expect.any(String) });
  });

  it('after logout, the same browser is asked for the password, and prompt=none answers login_required', async () => {
    const { client, api } = await signedIn();
    expect((await api('/api/profile/logout/', 'POST')).statusCode).toBe(204);
    expect(await authorize(client)).toMatchObject({ loginPage: true, code: null });
    expect(await authorize(client, { prompt: 'none' })).toMatchObject({ error: 'login_required' });
  });

  it('after the idle expiry, the same browser is asked for the password', async () => {
    const { client, accessToken, api } = await signedIn();
    await backdateSessionActivity(t.database.db, String(decodeJwt(accessToken).gid), 31);
    expect((await api('/api/profile/')).statusCode).toBe(401);
    expect(await authorize(client)).toMatchObject({ loginPage: true, code: null });
    expect(await authorize(client, { prompt: 'none' })).toMatchObject({ error: 'login_required' });
  });

  it('a replayed refresh token ends API access for every access token of the sign-in', async () => {
    const { client, api } = await signedIn();
    const first = client.cookies.get(REFRESH_COOKIE) ?? '';
    expect((await client.refresh()).statusCode).toBe(200);
    const replay = new SignInClient(t.app);
    replay.cookies.set(REFRESH_COOKIE, first);
    expect((await replay.refresh()).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await api('/api/profile/')).statusCode).toBe(401);
  });

  it('a replayed authorization code ends API access for the tokens it gave', async () => {
    const client = new SignInClient(t.app);
    const { action, verifier, state } = await client.openLoginForm();
    let location = String((await client.submitLogin(action, email, PASSWORD)).headers.location);
    while (!location.startsWith(`${t.config.publicUrl}/authorize`))
      location = String((await client.request('GET', location)).headers.location);
    expect(new URL(location).searchParams.get('state')).toBe(state);
    const exchange = () =>
      client.request('POST', '/auth/oauth/token', {
        grant_type: 'authorization_code',
        client_id: 'referrals-web',
        code: new URL(location).searchParams.get('code') ?? '',
        code_verifier: verifier,
        redirect_uri: `${t.config.publicUrl}/authorize`,
      });
    const token = await exchange();
    expect(token.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${String(token.json().access_token)}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/', headers })).statusCode).toBe(200);
    expect((await exchange()).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/', headers })).statusCode).toBe(401);
  });

  it('revoking the refresh token at the revocation endpoint ends API access at once', async () => {
    const { client, api } = await signedIn();
    const revoked = await client.request('POST', (await discovery(client)).revocation_endpoint, {
      token: client.cookies.get(REFRESH_COOKIE) ?? '',
      token_type_hint: 'refresh_token',
      client_id: 'referrals-web',
    });
    expect(revoked.statusCode).toBe(200);
    expect((await api('/api/profile/')).statusCode).toBe(401);
  });
});
