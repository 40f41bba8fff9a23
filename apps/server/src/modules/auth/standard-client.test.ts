import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type User } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { freePort } from '../../../test/free-port.ts';
import { SignInClient } from '../../../test/sign-in-client.ts';
import { hashPassword } from './passwords.ts';

const PASSWORD = 'relying party password';

// openid-client plays a relying party's server, talking to ours over real HTTP; the browser part (the
// hosted login form) is a SignInClient, as a user's browser would be.
describe('a standard OpenID Connect relying party (openid-client)', () => {
  let t: TestApp;
  let publicUrl: string;
  let user: User;
  // With the web app built, every unknown GET would be its page: the metadata addresses must not be.
  const webDist = mkdtempSync(path.join(tmpdir(), 'referrals-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ PUBLIC_URL: publicUrl, WEB_DIST: webDist });
    await t.app.listen({ port, host: '127.0.0.1' });
    user = await createUser(t.database.db, {
      password_hash: await hashPassword(PASSWORD),
      email_verified_at: new Date(),
    });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const discover = (algorithm: 'oidc' | 'oauth2' = 'oidc') =>
    oidc.discovery(
      new URL(`${publicUrl}/auth`),
      'referrals-web',
      { id_token_signed_response_alg: 'ES256' },
      oidc.None(),
      // Plain http is the test server's; the library asks for https otherwise.
      { execute: [oidc.allowInsecureRequests], algorithm },
    );

  /** The code flow with PKCE and a nonce; the user logs in on the hosted form. */
  const signIn = async (config: oidc.Configuration, scope = 'openid profile email offline_access') => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${publicUrl}/authorize`,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const browser = new SignInClient(t.app);
    const { action } = await browser.openLoginFormAt(authorizationUrl.href);
    const returned = await browser.logInAndReturn(action, user.email, PASSWORD);
    return oidc.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
  };

  it('finds the provider by discovery, which advertises only the code flow of a public client and backend services', async () => {
    const metadata = (await discover()).serverMetadata();
    expect(metadata.response_types_supported).toEqual(['code']);
    // client_credentials with private_key_jwt (RS384, ES384): SMART Backend Services (fhir-backend-services.test.ts).
    expect(metadata.grant_types_supported).toEqual([
      'authorization_code',
      'refresh_token',
      'client_credentials',
    ]);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none', 'private_key_jwt']);
    expect(metadata.token_endpoint_auth_signing_alg_values_supported?.slice().sort()).toEqual([
      'ES384',
      'RS384',
    ]);
    expect(metadata).not.toHaveProperty('dpop_signing_alg_values_supported');
    expect(metadata).not.toHaveProperty('pushed_authorization_request_endpoint');
    expect(metadata.userinfo_endpoint).toBe(`${publicUrl}/auth/userinfo`);
  });

  it('finds the same provider through the RFC 8414 metadata addresses, which answer JSON', async () => {
    const oauth = (await discover('oauth2')).serverMetadata();
    expect(oauth.issuer).toBe(`${publicUrl}/auth`);
    expect(oauth.token_endpoint).toBe(`${publicUrl}/auth/oauth/token`);
    for (const address of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/auth',
      '/.well-known/no-such-document',
    ]) {
      const res = await fetch(`${publicUrl}${address}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const bare = await fetch(`${publicUrl}/.well-known/oauth-authorization-server`);
    expect(((await bare.json()) as { issuer: string }).issuer).toBe(`${publicUrl}/auth`);
  });

  it('signs in with the code flow and PKCE, gets a signed ID token and reads the user at userinfo', async () => {
    const config = await discover();
    // The ID token's signature is checked against the provider's published keys, not only its claims.
    oidc.enableNonRepudiationChecks(config);
    const tokens = await signIn(config);
    expect(tokens.scope).toBe('openid profile email');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.claims()).toMatchObject({ sub: user.id, email: user.email, email_verified: true });

    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: `${user.first_name} ${user.last_name}`,
      given_name: user.first_name,
      family_name: user.last_name,
    });
    // The same token is the API's.
    const profile = await fetch(`${publicUrl}/api/profile/`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.status).toBe(200);

    const anonymous = await fetch(`${publicUrl}/auth/userinfo`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('releases at userinfo only the claims of the scopes the client asked for', async () => {
    const config = await discover();
    const tokens = await signIn(config, 'openid email');
    expect(tokens.scope).toBe('openid email');
    expect(await oidc.fetchUserInfo(config, tokens.access_token, user.id)).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: true,
    });
  });

  it('refreshes with its refresh token, which rotates; a replayed one ends the whole sign-in', async () => {
    const config = await discover();
    const first = await signIn(config);
    const firstRefresh = String(first.refresh_token);
    const second = await oidc.refreshTokenGrant(config, firstRefresh);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(firstRefresh);
    expect(second.scope).toBe('openid profile email');
    expect((await oidc.fetchUserInfo(config, second.access_token, user.id)).sub).toBe(user.id);

    await expect(oidc.refreshTokenGrant(config, firstRefresh)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.refreshTokenGrant(config, String(second.refresh_token))).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const ended = await fetch(`${publicUrl}/auth/userinfo`, {
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(ended.status).toBe(401);
    expect(ended.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });
});
