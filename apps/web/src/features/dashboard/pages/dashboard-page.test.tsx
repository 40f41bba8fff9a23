import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roles } from '@referrals/domain/people/people-codes';
import { AWAITING_APPROVAL_HINT } from '@referrals/domain/people/access-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { DashboardPage } from './dashboard-page';

beforeAll(() => embedRuntimeConfig());

const specialist = profileFixture({
  registration_completed: true,
  role: roles.coded('SP'),
  employments: [employmentFixture('clinic', 1, 'CL')],
  current_establishment: 'clinic',
});
// A GP may act for a practice before being approved there, but sees no patient data until then.
const unverifiedGp = profileFixture({
  registration_completed: true,
  role: roles.coded('GP'),
  employments: [employmentFixture('practice', 1, 'PR', 'UNVERIFIED')],
  current_establishment: 'practice',
});

const counts = [
  { key: 'pending_action', count: 4 },
  { key: 'appointment_due', count: 0 },
  { key: 'overdue_CAT1', count: 2 },
  { key: 'overdue_CAT2', count: 0 },
  { key: 'overdue_CAT3', count: 0 },
  { key: 'due_for_renewal', count: 1 },
  { key: 'returned', count: 0 },
  { key: 'recalled', count: 3 },
];

const routes = [
  { path: '/', element: <DashboardPage /> },
  landing('/referrals/inbox/:type'),
  landing('/referrals/outbox/:type'),
];

describe('the dashboard (issue 14: what needs me now)', () => {
  it('shows the API’s count for each item and opens the list it counts', async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: specialist },
      'GET /api/referrals/stats/dashboard/': { status: 200, body: counts },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');

    const inbox = await screen.findByRole('region', { name: 'Referrals to you' });
    const pending = await within(inbox).findByRole('link', { name: 'Pending action: 4' });
    expect(within(inbox).getByRole('link', { name: 'Overdue: Category 1: 2' })).toBeDefined();
    const outbox = screen.getByRole('region', { name: 'Referrals you sent' });
    expect(within(outbox).getByRole('link', { name: 'Recalled: 3' }).getAttribute('href')).toBe(
      '/referrals/outbox/drafts?condition=recalled',
    );
    // Counted by the API in one call, never by loading the lists.
    expect(api.callsTo('GET /api/referrals/')).toEqual([]);

    await user.click(pending);
    expect(router.state.location.pathname).toBe('/referrals/inbox/all');
    expect(router.state.location.search).toBe('?condition=pending-action');
  });

  it('explains the wait instead of counting while the employment is not approved', async () => {
    const api = fakeApi({ 'GET /api/profile/': { status: 200, body: unverifiedGp } });
    renderRoutes(routes, '/');
    expect(await screen.findByText(AWAITING_APPROVAL_HINT)).toBeDefined();
    expect(api.callsTo('GET /api/referrals/stats/dashboard/')).toEqual([]);
  });
});
