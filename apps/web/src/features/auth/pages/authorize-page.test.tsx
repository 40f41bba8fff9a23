import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rememberReturnTo } from '@/lib/auth/session';
import { profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { AuthorizePage } from './authorize-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => vi.unstubAllEnvs());

const routes = [
  { path: '/authorize', element: <AuthorizePage /> },
  landing('/'),
  landing('/settings/profile'),
  landing('/404'),
];

describe('the sign-in return page with an access token (spec section 2 /authorize)', () => {
  it('in development takes the token as the session, loads the profile with it and proceeds', async () => {
    vi.stubEnv('DEV', true);
    rememberReturnTo('/settings/profile');
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profileFixture({ registration_completed: true }) },
    });
    renderRoutes(routes, '/authorize?access_token=eyJ.developer.token');
    expect(await screen.findByText('Landed on /settings/profile')).toBeDefined();
    expect(api.callsTo('GET /api/profile/')[0]?.authorization).toBe('Bearer eyJ.developer.token');
  });

  it('in a production build goes to /404 and uses no token', async () => {
    vi.stubEnv('DEV', false);
    const api = fakeApi({});
    renderRoutes(routes, '/authorize?access_token=eyJ.developer.token');
    expect(await screen.findByText('Landed on /404')).toBeDefined();
    expect(api.calls).toHaveLength(0);
  });
});
