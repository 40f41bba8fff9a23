import type { RuntimeAuthConfig } from '@referrals/domain/runtime-config';
import { describe, expect, it } from 'vitest';
import {
  SCOPE,
  codeExchangeForm,
  discoveryUrl,
  endSessionUrl,
  hasSignedInCookie,
  parseDiscovery,
  readTokenAnswer,
  refreshForm,
  tokenRequestCredentials,
} from './provider';

const BUILT_IN: RuntimeAuthConfig = {
  issuer: 'https://referrals.example/auth',
  client_id: 'referrals-web',
  audience: 'https://referrals.example/api',
  external: false,
};
const EXTERNAL: RuntimeAuthConfig = {
  issuer: 'https://tenant.auth0.example',
  client_id: 'spa-client-1',
  audience: 'https://referrals.example/api',
  external: true,
};
const EXCHANGE = {
  code: 'code-1',
  codeVerifier: 'verifier-1',
  redirectUri: 'https://referrals.example/authorize',
};

describe('discovery', () => {
  it('is read from the issuer, with or without a trailing slash', () => {
    expect(discoveryUrl('https://referrals.example/auth')).toBe(
      'https://referrals.example/auth/.well-known/openid-configuration',
    );
    expect(discoveryUrl('https://tenant.auth0.example/')).toBe(
      'https://tenant.auth0.example/.well-known/openid-configuration',
    );
  });

  it('gives the sign-in, token and end-session endpoints', () => {
    expect(
      parseDiscovery({
        issuer: 'https://referrals.example/auth',
        authorization_endpoint: 'https://referrals.example/auth/authorize',
        token_endpoint: 'https://referrals.example/auth/oauth/token',
        end_session_endpoint: 'https://referrals.example/auth/logout',
        jwks_uri: 'https://referrals.example/auth/jwks',
      }),
    ).toEqual({
      authorizationEndpoint: 'https://referrals.example/auth/authorize',
      tokenEndpoint: 'https://referrals.example/auth/oauth/token',
      endSessionEndpoint: 'https://referrals.example/auth/logout',
    });
  });

  it('does without an end-session endpoint, and ignores one that is not http(s)', () => {
    const base = {
      authorization_endpoint: 'https://tenant.auth0.example/authorize',
      token_endpoint: 'https://tenant.auth0.example/oauth/token',
    };
    expect(parseDiscovery(base).endSessionEndpoint).toBeNull();
    expect(
      parseDiscovery({ ...base, end_session_endpoint: 'javascript:alert(1)' }).endSessionEndpoint,
    ).toBeNull();
  });

  it.each([
    null,
    'not json',
    {},
    { authorization_endpoint: 'https://tenant.auth0.example/authorize' },
    { authorization_endpoint: '/authorize', token_endpoint: 'https://tenant.auth0.example/oauth/token' },
    { authorization_endpoint: 'https://tenant.auth0.example/authorize', token_endpoint: 42 },
  ])('refuses a document without usable sign-in endpoints: %j', (body) => {
    expect(() => parseDiscovery(body)).toThrow();
  });
});

describe('code exchange', () => {
  it('sends the built-in provider what it always got', () => {
    expect(codeExchangeForm(BUILT_IN, EXCHANGE)).toEqual({
      client_id: 'referrals-web',
      grant_type: 'authorization_code',
      code: 'code-1',
      code_verifier: 'verifier-1',
      redirect_uri: 'https://referrals.example/authorize',
    });
  });

  it('adds the audience and scope for an external provider (spec section 7)', () => {
    expect(codeExchangeForm(EXTERNAL, EXCHANGE)).toEqual({
      client_id: 'spa-client-1',
      grant_type: 'authorization_code',
      code: 'code-1',
      code_verifier: 'verifier-1',
      redirect_uri: 'https://referrals.example/authorize',
      audience: 'https://referrals.example/api',
      scope: SCOPE,
    });
    expect(SCOPE).toBe('openid profile email offline_access');
  });
});

describe('refresh', () => {
  it('leaves the refresh token to the cookie with the built-in provider', () => {
    expect(refreshForm(BUILT_IN, { refreshToken: null, signedInCookie: true })).toEqual({
      client_id: 'referrals-web',
      grant_type: 'refresh_token',
    });
    // Even a stray stored token is never sent: the cookie is the only refresh token of the built-in mode.
    expect(refreshForm(BUILT_IN, { refreshToken: 'stray', signedInCookie: true })).toEqual({
      client_id: 'referrals-web',
      grant_type: 'refresh_token',
    });
  });

  it('sends no refresh to the built-in provider before a sign-in, which could only be refused', () => {
    expect(refreshForm(BUILT_IN, { refreshToken: null, signedInCookie: false })).toBeNull();
  });

  it('sees the signed-in cookie among the others, and only by its exact name', () => {
    expect(hasSignedInCookie('theme=dark; referrals_signed_in=1; lang=en')).toBe(true);
    expect(hasSignedInCookie('referrals_signed_in=1')).toBe(true);
    expect(hasSignedInCookie('')).toBe(false);
    expect(hasSignedInCookie('theme=dark; not_referrals_signed_in=1')).toBe(false);
  });

  it('sends the kept refresh token to an external provider, and has nothing to send without one', () => {
    expect(refreshForm(EXTERNAL, { refreshToken: 'rt-1', signedInCookie: false })).toEqual({
      client_id: 'spa-client-1',
      grant_type: 'refresh_token',
      refresh_token: 'rt-1',
    });
    expect(refreshForm(EXTERNAL, { refreshToken: null, signedInCookie: true })).toBeNull();
    expect(refreshForm(EXTERNAL, { refreshToken: '', signedInCookie: true })).toBeNull();
  });

  it('sends cookies to the built-in token endpoint only', () => {
    expect(tokenRequestCredentials(BUILT_IN)).toBe('same-origin');
    expect(tokenRequestCredentials(EXTERNAL)).toBe('omit');
  });
});

describe('token answers', () => {
  it('reads the access token and any refresh token', () => {
    expect(readTokenAnswer({ access_token: 'at', refresh_token: 'rt', token_type: 'Bearer' })).toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
    });
    expect(readTokenAnswer({ access_token: 'at' })).toEqual({ accessToken: 'at', refreshToken: null });
  });

  it.each([null, {}, { access_token: '' }, { access_token: 7 }, 'text'])('has no token in %j', (body) => {
    expect(readTokenAnswer(body)).toBeNull();
  });
});

describe('logout', () => {
  const endpoints = {
    authorizationEndpoint: 'https://tenant.auth0.example/authorize',
    tokenEndpoint: 'https://tenant.auth0.example/oauth/token',
    endSessionEndpoint: 'https://tenant.auth0.example/oidc/logout',
  };

  it("sends the browser to an external provider's end-session endpoint, back to /login", () => {
    const url = new URL(endSessionUrl(EXTERNAL, endpoints, 'https://referrals.example/login') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://tenant.auth0.example/oidc/logout');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'spa-client-1',
      post_logout_redirect_uri: 'https://referrals.example/login',
    });
  });

  it('keeps a query the endpoint already has', () => {
    const withQuery = { ...endpoints, endSessionEndpoint: 'https://login.example/logout?p=b2c_1_signin' };
    const url = new URL(endSessionUrl(EXTERNAL, withQuery, 'https://referrals.example/login') ?? '');
    expect(url.searchParams.get('p')).toBe('b2c_1_signin');
    expect(url.searchParams.get('client_id')).toBe('spa-client-1');
  });

  it('goes straight to /login without one, and always with the built-in provider', () => {
    expect(endSessionUrl(EXTERNAL, { ...endpoints, endSessionEndpoint: null }, 'https://x/login')).toBeNull();
    expect(endSessionUrl(BUILT_IN, endpoints, 'https://referrals.example/login')).toBeNull();
  });
});
