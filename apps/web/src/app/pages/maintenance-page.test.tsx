import { screen } from '@testing-library/react';
import { formatDateTime } from '@referrals/domain/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { MaintenancePage } from './maintenance-page';

beforeAll(() => embedRuntimeConfig());

const routes = [
  { path: '/maintenance', element: <MaintenancePage /> },
  landing('/referrals/inbox/all'),
  landing('/'),
];

describe('the maintenance page (spec section 2 /maintenance; README, Maintenance)', () => {
  it('shows the administrator’s note and expected end, and offers a signed-out administrator the sign-in', async () => {
    fakeApi({
      'GET /api/public/maintenance/': {
        status: 200,
        body: {
          maintenance: true,
          source: 'switch',
          message: 'Moving to a bigger database.',
          expected_end: '2030-01-01T07:00:00Z',
        },
      },
    });
    renderRoutes(routes, '/maintenance?next=%2Freferrals%2Finbox%2Fall');
    expect(await screen.findByText('Moving to a bigger database.')).toBeDefined();
    expect(screen.getByText(`Expected back by ${formatDateTime('2030-01-01T07:00:00Z')}.`)).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Down for maintenance' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign in as a platform administrator' })).toBeDefined();
  });

  it('offers no sign-in while the environment has the service down: nobody can end that here', async () => {
    fakeApi({
      'GET /api/public/maintenance/': {
        status: 200,
        body: { maintenance: true, source: 'environment', message: null, expected_end: null },
      },
    });
    renderRoutes(routes, '/maintenance');
    expect(await screen.findByText(/Referrals is being updated/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign in as a platform administrator' })).toBeNull();
  });

  it('takes the user back to where they were once the service is up again', async () => {
    fakeApi({
      'GET /api/public/maintenance/': {
        status: 200,
        body: { maintenance: false, source: null, message: null, expected_end: null },
      },
    });
    const { router } = renderRoutes(routes, '/maintenance?next=%2Freferrals%2Finbox%2Fall');
    expect(await screen.findByText('Landed on /referrals/inbox/all')).toBeDefined();
    expect(router.state.location.pathname).toBe('/referrals/inbox/all');
  });
});
