import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { platformSubscription } from '@referrals/domain/profile/platforms';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { PlatformPage } from './platform-page';

beforeAll(() => embedRuntimeConfig());

const routes = [{ path: '/platform', element: <PlatformPage /> }, landing('/'), landing('/settings/profile')];

describe('the platform selection screen (spec section 2)', () => {
  it('saves the chosen platform and goes on to where it was opened from', async () => {
    const api = fakeApi({
      'GET /api/platform-subscription/': { status: 200, body: platformSubscription(null) },
      'PUT /api/platform-subscription/': (body) => ({
        status: 200,
        body: platformSubscription((body as { selected_platform: string }).selected_platform),
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/platform?next=%2Fsettings%2Fprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your platform' })).toBeDefined();
    // Without the layout's chrome: no navigation, no account menu.
    expect(screen.queryByRole('navigation')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a platform to continue.')).toBeDefined();
    expect(api.callsTo('PUT /api/platform-subscription/')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Best Practice' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Landed on /settings/profile')).toBeDefined();
    expect(api.callsTo('PUT /api/platform-subscription/')[0]?.body).toEqual({
      selected_platform: 'BEST_PRACTICE',
    });
  });

  it("shows the saved choice and the server's field error", async () => {
    fakeApi({
      'GET /api/platform-subscription/': { status: 200, body: platformSubscription('ZEDMED') },
      'PUT /api/platform-subscription/': {
        status: 400,
        body: { selected_platform: ['Choose one of the platforms in the list.'] },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/platform?next=https%3A%2F%2Fevil.example');
    const zedmed = await screen.findByRole('radio', { name: 'Zedmed' });
    expect(zedmed.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose one of the platforms in the list.')).toBeDefined();
    // An address outside the app is never followed: Cancel goes to the dashboard.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Landed on /')).toBeDefined();
  });
});
