import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import type { WaitingEstablishment } from '@referrals/domain/establishments/establishment-schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { ApprovalsPage } from './approvals-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const routes = [{ path: '/approvals', element: <ApprovalsPage /> }];

function waiting(
  id: string,
  name: string,
  overrides: Partial<WaitingEstablishment> = {},
): WaitingEstablishment {
  return {
    id,
    name,
    type: establishmentTypes.coded('CL'),
    address1: '12 Ocean Street',
    city: 'Bondi',
    state: 'NSW',
    postcode: '2026',
    phone1: null,
    email: null,
    website: null,
    hospital: null,
    is_approved: false,
    is_verified: false,
    created_at: '2026-03-02T09:00:00+11:00',
    created_by: { id: 'karen', name: "Karen O'Brien", email: 'pm@demo.test' },
    ...overrides,
  };
}

const page = (results: WaitingEstablishment[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

describe('Establishment approvals (platform administrators)', () => {
  it('lists the queue and approves, then verifies, each with its own call, reloading the queue', async () => {
    let queue = [waiting('bayside', 'Bayside Family Clinic')];
    const api = fakeApi({
      'GET /api/platform/establishments/': () => ({ status: 200, body: page(queue) }),
      'POST /api/platform/establishments/bayside/approve/': () => {
        queue = [{ ...queue[0]!, is_approved: true }];
        return { status: 200, body: queue[0] };
      },
      'POST /api/platform/establishments/bayside/verify/': () => {
        queue = [];
        return {
          status: 200,
          body: waiting('bayside', 'Bayside Family Clinic', { is_approved: true, is_verified: true }),
        };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/approvals');

    const row = (await screen.findByText('Bayside Family Clinic')).closest('tr') as HTMLElement;
    expect(within(row).getByText("Karen O'Brien")).toBeDefined();
    expect(within(row).getByText('Waiting for approval')).toBeDefined();
    expect(within(row).queryByRole('button', { name: 'Verify Bayside Family Clinic' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Approve Bayside Family Clinic' }));
    expect(
      await screen.findByText('Bayside Family Clinic can now be found, joined and sent referrals.'),
    ).toBeDefined();
    await user.click(await screen.findByRole('button', { name: 'Verify Bayside Family Clinic' }));
    expect(
      await screen.findByText('No establishment is waiting for approval or verification.'),
    ).toBeDefined();
    expect(api.callsTo('POST /api/platform/establishments/bayside/approve/')).toHaveLength(1);
    expect(api.callsTo('POST /api/platform/establishments/bayside/verify/')).toHaveLength(1);
  });

  it("shows the server's reason when a decision is refused", async () => {
    fakeApi({
      'GET /api/platform/establishments/': {
        status: 200,
        body: page([waiting('bayside', 'Bayside Family Clinic')]),
      },
      'POST /api/platform/establishments/bayside/approve/': {
        status: 409,
        body: { detail: 'This establishment is already approved.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/approvals');
    await user.click(await screen.findByRole('button', { name: 'Approve Bayside Family Clinic' }));
    expect(await screen.findByText('This establishment is already approved.')).toBeDefined();
  });

  it('tells anyone else that only platform administrators approve establishments', async () => {
    fakeApi({
      'GET /api/platform/establishments/': {
        status: 403,
        body: { detail: 'You do not have permission to perform this action.' },
      },
    });
    renderRoutes(routes, '/approvals');
    await waitFor(() =>
      expect(screen.getByText('Only platform administrators approve establishments.')).toBeDefined(),
    );
  });
});
