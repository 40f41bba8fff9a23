import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { StaffMember, StaffUpdate } from '@referrals/domain/people/employment-schemas';
import { employmentStatuses, roles, type EmploymentStatus } from '@referrals/domain/people/people-codes';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { AdminPage } from './admin-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const routes = [{ path: '/admin/:page/:subpage?/:user?', element: <AdminPage /> }, landing('/')];

function manager(accountHolder = true): Profile {
  return profileFixture({
    registration_completed: true,
    role: roles.coded('PM'),
    employments: [{ ...employmentFixture('harbourside', 1, 'PR'), is_account_holder: accountHolder }],
    current_establishment: 'harbourside',
  });
}

function member(
  id: string,
  first: string,
  status: EmploymentStatus = 'APPROVED',
  overrides: Partial<StaffMember> = {},
): StaffMember {
  return {
    id,
    user: {
      id: `user-${id}`,
      title: 'DR',
      first_name: first,
      last_name: 'Smith',
      email: `${first.toLowerCase()}@example.test`,
      role: roles.coded('GP'),
      sub_role: null,
    },
    status: employmentStatuses.coded(status),
    priority: 1,
    is_account_holder: false,
    is_verified_employee: status === 'APPROVED',
    is_head_of_department: false,
    has_special_access: false,
    has_shared_inbox_access: false,
    has_shared_outbox_access: false,
    can_send_referral: true,
    head_of_department_requested: false,
    special_access_requested: false,
    permissions: ['manage_referral', 'add_referral'],
    user_tag: null,
    user_tag_other: null,
    invite_expires_at: null,
    created_at: '2026-01-05T09:00:00+11:00',
    actioned_by: null,
    ...overrides,
  };
}

const page = (results: StaffMember[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

describe('the admin portal (spec section 2 admin/:page/:subpage?/:user?)', () => {
  it('sends someone who is not the account holder of the current establishment to the dashboard', async () => {
    fakeApi({ 'GET /api/profile/': { status: 200, body: manager(false) } });
    const { router } = renderRoutes(routes, '/admin/users/all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lists the staff 10 a page, searches by keyword and switches to Removed', async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: manager() },
      'GET /api/admin/users/': () => {
        const last = api.calls.at(-1)?.search ?? '';
        if (last.includes('list=removed'))
          return { status: 200, body: page([member('r1', 'Rita', 'REVOKED')]) };
        if (last.includes('keyword=Ann')) return { status: 200, body: page([member('a1', 'Ann')]) };
        if (last.includes('page=2')) return { status: 200, body: page([member('k1', 'Kim')], 12) };
        return { status: 200, body: page([member('a1', 'Ann'), member('b1', 'Ben', 'REQUESTED')], 12) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/admin/users/all');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Dr Ann Smith' })).toBeDefined();
    expect(within(table).getByText('Requested')).toBeDefined();
    expect(api.callsTo('GET /api/admin/users/')[0]?.search).toBe('?list=all&page=1');

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'Dr Kim Smith' })).toBeDefined();

    await user.type(screen.getByLabelText('Search staff'), 'Ann');
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/users/').at(-1)?.search).toBe('?list=all&page=1&keyword=Ann'),
    );

    await user.click(screen.getByRole('tab', { name: 'Removed' }));
    expect(router.state.location.pathname).toBe('/admin/users/removed');
    expect(await screen.findByRole('link', { name: 'Dr Rita Smith' })).toBeDefined();
  });

  it('approves a requested member in their drawer', async () => {
    let ben = member('b1', 'Ben', 'REQUESTED');
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: manager() },
      'GET /api/admin/users/': () => ({ status: 200, body: page([ben]) }),
      'GET /api/admin/users/b1/': () => ({ status: 200, body: ben }),
      'PATCH /api/admin/users/b1/': (body) => {
        if ((body as StaffUpdate).action === 'approve')
          ben = { ...ben, status: employmentStatuses.coded('APPROVED') };
        return { status: 200, body: ben };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/users/all');
    await user.click(await screen.findByRole('link', { name: 'Dr Ben Smith' }));

    const drawer = await screen.findByRole('dialog', { name: 'Staff member' });
    expect(within(drawer).getByRole('button', { name: 'Reject' })).toBeDefined();
    await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
    expect(api.callsTo('PATCH /api/admin/users/b1/')[0]?.body).toEqual({ action: 'approve' });
    expect(await screen.findByText('Dr Ben Smith was approved.')).toBeDefined();
    expect(await within(drawer).findByRole('button', { name: 'Revoke' })).toBeDefined();
  });

  it('revokes only after confirming', async () => {
    let ann = member('a1', 'Ann');
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: manager() },
      'GET /api/admin/users/': () => ({ status: 200, body: page([ann]) }),
      'GET /api/admin/users/a1/': () => ({ status: 200, body: ann }),
      'PATCH /api/admin/users/a1/': () => {
        ann = { ...ann, status: employmentStatuses.coded('REVOKED') };
        return { status: 200, body: ann };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/users/all/a1');
    const drawer = await screen.findByRole('dialog', { name: 'Staff member' });
    await user.click(await within(drawer).findByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Dr Ann Smith?' });
    expect(api.callsTo('PATCH /api/admin/users/a1/')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/admin/users/a1/')[0]?.body).toEqual({ action: 'revoke' }),
    );
    expect(await within(drawer).findByText('Revoked')).toBeDefined();
  });

  it('sets the grants, the permissions and the user tag with Other text', async () => {
    let ann = member('a1', 'Ann', 'APPROVED', { head_of_department_requested: true });
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: manager() },
      'GET /api/admin/users/': () => ({ status: 200, body: page([ann]) }),
      'GET /api/admin/users/a1/': () => ({ status: 200, body: ann }),
      'PATCH /api/admin/users/a1/': (body) => {
        ann = { ...ann, ...(body as Partial<StaffMember>) };
        return { status: 200, body: ann };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/users/all/a1');
    const drawer = await screen.findByRole('dialog', { name: 'Staff member' });
    expect(await within(drawer).findByText('Ann asked for head of department.')).toBeDefined();

    await user.click(within(drawer).getByRole('switch', { name: /Shared inbox access/ }));
    await user.click(within(drawer).getByRole('switch', { name: /Head of department/ }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Receive referrals' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/admin/users/a1/')).toHaveLength(3));
    expect(api.callsTo('PATCH /api/admin/users/a1/').map((call) => call.body)).toEqual([
      { has_shared_inbox_access: true },
      { is_head_of_department: true },
      { permissions: ['manage_referral', 'add_referral', 'accept_referral'] },
    ]);

    await user.click(within(drawer).getByRole('combobox', { name: 'User tag' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save tag' }));
    expect(await within(drawer).findByText('Describe the tag.')).toBeDefined();
    await user.type(within(drawer).getByRole('textbox', { name: /Other tag/ }), 'Locum');
    await user.click(within(drawer).getByRole('button', { name: 'Save tag' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/admin/users/a1/').at(-1)?.body).toEqual({
        user_tag: 'OTHER',
        user_tag_other: 'Locum',
      }),
    );
  });

  it("invites a colleague, showing the server's field errors on the form", async () => {
    let attempts = 0;
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: manager() },
      'GET /api/admin/users/': { status: 200, body: page([]) },
      'POST /api/establishments/harbourside/invitations/': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                email: [
                  'This person already belongs to this establishment, has asked to join it or has been invited.',
                ],
              },
            }
          : { status: 201, body: member('n1', 'Nina', 'INVITED') };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/users/all');
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a colleague' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'Nina@Example.test');
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Nina');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Patel');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await within(dialog).findByText(/already belongs to this establishment/)).toBeDefined();
    expect(api.callsTo('POST /api/establishments/harbourside/invitations/')[0]?.body).toEqual({
      email: 'nina@example.test',
      title: 'DR',
      first_name: 'Nina',
      last_name: 'Patel',
      role: 'GP',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a colleague' })).toBeNull());
  });
});
