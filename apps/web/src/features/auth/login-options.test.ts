import { describe, expect, it } from 'vitest';
import { loginOptions } from './login-options';

const read = (query: string) => loginOptions(new URLSearchParams(query));

describe('loginOptions (spec section 4, Session and sign-in)', () => {
  it('passes session_expired on', () => {
    expect(read('session_expired=true')).toEqual({ sessionExpired: true });
    expect(read('')).toEqual({ sessionExpired: false });
  });

  it('forces email-and-password-only mode for account linking and comes back to it', () => {
    expect(
      read('connection=Username-Password-Authentication&login_hint=a%40health.nsw.gov.au&sso_link=abc'),
    ).toEqual({
      sessionExpired: false,
      returnTo: '/account-linking',
      passwordOnly: {
        connection: 'Username-Password-Authentication',
        loginHint: 'a@health.nsw.gov.au',
        ssoLink: 'abc',
      },
    });
  });

  it('needs both the connection and the address to force the mode', () => {
    expect(read('connection=Username-Password-Authentication')).toEqual({ sessionExpired: false });
    expect(read('login_hint=a%40health.nsw.gov.au')).toEqual({ sessionExpired: false });
  });
});
