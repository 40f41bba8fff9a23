import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Maintenance } from '@referrals/domain/maintenance/maintenance-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { MaintenanceSwitchPage } from './maintenance-switch-page';

beforeAll(() => embedRuntimeConfig());

const routes = [{ path: '/maintenance-switch', element: <MaintenanceSwitchPage /> }];
const SWITCH = 'PUT /api/platform/maintenance/';
const up: Maintenance = {
  maintenance: false,
  message: null,
  expected_end: null,
  switched_at: null,
  switched_by: null,
  version: 0,
};
const status = { status: 200, body: { maintenance: false, source: null, message: null, expected_end: null } };

describe('the maintenance switch (platform administrators)', () => {
  it('switches on by keyboard after the dialog confirms it, with a note and an expected end, sending the version read', async () => {
    let stored = up;
    const api = fakeApi({
      'GET /api/platform/maintenance/': () => ({ status: 200, body: stored }),
      'GET /api/public/maintenance/': status,
      [SWITCH]: (body) => {
        const write = body as { message: string; expected_end: string };
        stored = {
          maintenance: true,
          message: write.message,
          expected_end: write.expected_end,
          switched_at: '2026-12-01T06:00:00Z',
          switched_by: { id: 'sam', name: 'Sam Fletcher' },
          version: 1,
        };
        return { status: 200, body: stored };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/maintenance-switch');

    const toggle = await screen.findByRole('switch', { name: 'Down for maintenance' });
    expect(screen.getByText('Referrals is up for everyone.')).toBeDefined();
    toggle.focus();
    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: 'Take Referrals down for maintenance?' });
    // Cancel first: an Enter too many switches nothing.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    await user.type(
      within(dialog).getByLabelText(/Note for the maintenance page/),
      'Moving to a bigger database.',
    );
    fireEvent.change(within(dialog).getByLabelText(/Expected back by/), {
      target: { value: '2030-01-01T18:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Switch maintenance on' }));

    expect(
      await screen.findByText('Referrals is down for everyone but the platform administrators.'),
    ).toBeDefined();
    expect(api.callsTo(SWITCH)[0]?.body).toEqual({
      maintenance: true,
      message: 'Moving to a bigger database.',
      expected_end: new Date('2030-01-01T18:00').toISOString(),
      version: 0,
    });
    expect(screen.getByText('Moving to a bigger database.')).toBeDefined();
    expect(screen.getByText(/Switched on by Sam Fletcher on/)).toBeDefined();
    expect(screen.getByRole('switch', { name: 'Down for maintenance' })).toHaveProperty('checked', true);
  });

  it('switches off with the version read; refused because another administrator switched, says so and shows theirs', async () => {
    let stored: Maintenance = {
      ...up,
      maintenance: true,
      switched_at: '2026-12-01T06:00:00Z',
      switched_by: { id: 'sam', name: 'Sam Fletcher' },
      version: 3,
    };
    const api = fakeApi({
      'GET /api/platform/maintenance/': () => ({ status: 200, body: stored }),
      'GET /api/public/maintenance/': status,
      [SWITCH]: () => {
        stored = { ...stored, version: 4, switched_by: { id: 'ana', name: 'Ana Lee' } };
        return {
          status: 409,
          body: { detail: 'Another administrator switched maintenance since you looked.' },
        };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/maintenance-switch');

    await user.click(await screen.findByRole('switch', { name: 'Down for maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bring Referrals back?' });
    expect(within(dialog).queryByLabelText(/Note for the maintenance page/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Switch maintenance off' }));

    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Another administrator switched maintenance since you looked.',
    );
    expect(api.callsTo(SWITCH)[0]?.body).toEqual({ maintenance: false, version: 3 });
    expect(await screen.findByText(/Switched on by Ana Lee on/)).toBeDefined();
  });

  it('tells anyone else that only platform administrators switch maintenance', async () => {
    fakeApi({
      'GET /api/platform/maintenance/': {
        status: 403,
        body: { detail: 'You do not have permission to perform this action.' },
      },
    });
    renderRoutes(routes, '/maintenance-switch');
    expect(await screen.findByText('Only platform administrators switch maintenance.')).toBeDefined();
  });
});
