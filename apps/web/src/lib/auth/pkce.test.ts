import { describe, expect, it } from 'vitest';
import { authorizeUrl, codeChallengeS256, randomUrlSafeString } from './pkce';

describe('PKCE helpers', () => {
  it('derives the S256 challenge of the RFC 7636 example verifier', async () => {
    // RFC 7636 appendix B.
    await expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes random url-safe verifiers of the expected length', () => {
    const a = randomUrlSafeString(32);
    const b = randomUrlSafeString(32);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('builds the authorize address, with session_expired only when the login follows inactivity', () => {
    const request = {
      authorizationEndpoint: '/auth/authorize',
      clientId: 'referrals-web',
      redirectUri: 'https://referrals.example/authorize',
      scope: 'openid profile email offline_access',
      codeChallenge: 'challenge',
      state: 'state-1',
      sessionExpired: false,
    };
    const plain = new URL(authorizeUrl(request), 'https://referrals.example');
    expect(plain.pathname).toBe('/auth/authorize');
    expect(Object.fromEntries(plain.searchParams)).toEqual({
      client_id: 'referrals-web',
      response_type: 'code',
      redirect_uri: 'https://referrals.example/authorize',
      scope: 'openid profile email offline_access',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
      state: 'state-1',
      prompt: 'login',
    });

    const expired = new URL(authorizeUrl({ ...request, sessionExpired: true }), 'https://referrals.example');
    expect(expired.searchParams.get('session_expired')).toBe('true');

    // The single sign-on flow forces email-and-password-only mode, with the address and the link code.
    const passwordOnly = new URL(
      authorizeUrl({
        ...request,
        passwordOnly: {
          connection: 'Username-Password-Authentication',
          loginHint: 'a.rahman@health.nsw.gov.au',
          ssoLink: 'link-code',
        },
      }),
      'https://referrals.example',
    );
    expect(passwordOnly.searchParams.get('connection')).toBe('Username-Password-Authentication');
    expect(passwordOnly.searchParams.get('login_hint')).toBe('a.rahman@health.nsw.gov.au');
    expect(passwordOnly.searchParams.get('sso_link')).toBe('link-code');
    expect(passwordOnly.searchParams.get('prompt')).toBe('login');
  });

  it("names the API audience for an external provider, at the provider's own endpoint", () => {
    const url = new URL(
      authorizeUrl({
        authorizationEndpoint: 'https://tenant.auth0.example/authorize',
        clientId: 'spa-client-1',
        redirectUri: 'https://referrals.example/authorize',
        scope: 'openid profile email offline_access',
        codeChallenge: 'challenge',
        state: 'state-1',
        sessionExpired: false,
        audience: 'https://referrals.example/api',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://tenant.auth0.example/authorize');
    expect(url.searchParams.get('audience')).toBe('https://referrals.example/api');
    expect(url.searchParams.get('client_id')).toBe('spa-client-1');
    expect(url.searchParams.get('prompt')).toBe('login');
  });
});
