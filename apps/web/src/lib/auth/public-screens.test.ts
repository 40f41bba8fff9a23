import { describe, expect, it } from 'vitest';
import { isPublicScreen } from './public-screens';

describe('isPublicScreen', () => {
  it.each([
    '/login',
    '/register',
    '/authorize',
    '/logout',
    '/referrals/external',
    '/referrals/consent',
    '/referrals/upload-files',
    '/external-clinical-reports',
    '/referrals/pdf',
    '/refer/harbourside',
    '/404',
    '/error',
    '/maintenance',
  ])('%s never forces a login', (pathname) => {
    expect(isPublicScreen(pathname)).toBe(true);
  });

  it.each([
    '/',
    '/patients',
    '/referrals/42',
    '/referrals/inbox/all',
    '/settings/profile',
    // Without the layout's chrome, but signed in: a lost session restarts the login there too.
    '/platform',
    '/account-linking',
  ])('%s needs a signed-in user', (pathname) => {
    expect(isPublicScreen(pathname)).toBe(false);
  });
});
