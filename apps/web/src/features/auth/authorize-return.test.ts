import { describe, expect, it } from 'vitest';
import { readAuthorizeReturn, signInErrorMessage } from './authorize-return';

const read = (query: string, development = false) =>
  readAuthorizeReturn(new URLSearchParams(query), { development });

describe('readAuthorizeReturn', () => {
  it('proceeds with a code and its state', () => {
    expect(read('code=abc&state=xyz')).toEqual({ kind: 'code', code: 'abc', state: 'xyz' });
  });

  it('goes to /404 without a code', () => {
    expect(read('')).toEqual({ kind: 'not-found', unauthorizedGroup: false });
  });

  it('proceeds with an access token in development only; in production the token goes to /404', () => {
    expect(read('access_token=eyJ.dev.token', true)).toEqual({
      kind: 'access-token',
      accessToken: 'eyJ.dev.token',
    });
    expect(read('access_token=eyJ.dev.token')).toEqual({ kind: 'not-found', unauthorizedGroup: false });
    expect(read('access_token=', true)).toEqual({ kind: 'not-found', unauthorizedGroup: false });
    // A code still wins: it is the normal sign-in.
    expect(read('code=abc&access_token=x', true)).toMatchObject({ kind: 'code', code: 'abc' });
  });

  it('flags the unauthorised-group case from the error description', () => {
    expect(read('error=access_denied&error_description=Unauthorized%20group')).toEqual({
      kind: 'not-found',
      unauthorizedGroup: true,
    });
    expect(read('error=access_denied&error_description=User+is+not+in+an+authorised+group')).toEqual({
      kind: 'not-found',
      unauthorizedGroup: true,
    });
  });

  it('shows any other error', () => {
    expect(read('error=access_denied&error_description=End-User+aborted')).toEqual({
      kind: 'error',
      error: 'access_denied',
    });
  });
});

describe('signInErrorMessage', () => {
  it('words the common errors and falls back for the rest', () => {
    expect(signInErrorMessage('access_denied')).toBe('The sign-in was cancelled or refused.');
    expect(signInErrorMessage('invalid_request')).toBe('Something went wrong while signing you in.');
  });
});
