import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { TOO_MANY_EMPLOYMENTS_MESSAGE } from '@referrals/domain/people/employment-rules';
import { employmentStatuses, roles } from '@referrals/domain/people/people-codes';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useProfile } from '@/lib/auth/get-profile';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { establishmentFixture as establishment } from '@/test/establishment-fixture';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { EstablishmentSettings } from './establishment-settings';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

/** Settings > establishments as the settings page draws it: with the signed-in profile. */
function Section() {
  const { data: profile } = useProfile();
  return profile === undefined ? null : <EstablishmentSettings profile={profile} />;
}

const routes = [
  { path: '/settings/establishments', element: <Section /> },
  landing('/settings/establishments/:id', 'Manage page'),
  landing('/review-invite/:id', 'Review page'),
];

const practice = { ...employmentFixture('practice', 1, 'PR'), is_account_holder: true };
const hospital = employmentFixture('hospital', 2, 'HL');
const personal = employmentFixture('personal', 3, 'PA');

function gp(employments: Employment[]): Profile {
  return profileFixture({
    registration_completed: true,
    role: roles.coded('GP'),
    employments,
    current_establishment: employments[0]?.establishment.id ?? null,
  });
}

const page = (results: Establishment[]) => ({ count: results.length, next: null, previous: null, results });

describe('Settings > establishments (spec sections 2, 4 Employment and 7)', () => {
  it('lists the establishments by group with status badges, Not selected for an empty place, and closed ones folded away', async () => {
    const requested = employmentFixture('clinic', 2, 'CL', 'REQUESTED');
    const revoked = employmentFixture('old', 2, 'CL', 'REVOKED');
    fakeApi({ 'GET /api/profile/': { status: 200, body: gp([practice, requested, personal, revoked]) } });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/establishments');

    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Principal', 'Establishment practiceCurrentGeneral practice · NSW · Account holder', 'Approved'],
      ['Secondary', 'Establishment clinicClinic · NSW', 'Requested'],
      ['Professional', 'Establishment personalPersonal or practitioner space · NSW', 'Approved'],
    ]);
    expect(screen.queryByText('Establishment old')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Closed (1)' }));
    expect(await screen.findByText('Establishment old')).toBeDefined();
    expect(screen.getByText('Revoked')).toBeDefined();
  });

  it("says 'Not selected' for an empty principal or secondary place", async () => {
    fakeApi({ 'GET /api/profile/': { status: 200, body: gp([personal]) } });
    renderRoutes(routes, '/settings/establishments');
    expect(await screen.findAllByText('Not selected')).toHaveLength(2);
  });

  it('makes the secondary establishment primary with PUT {priority: 1}', async () => {
    let stored = gp([practice, hospital]);
    const api = fakeApi({
      'GET /api/profile/': () => ({ status: 200, body: stored }),
      'PUT /api/profile/employments/employment-hospital/': () => {
        stored = {
          ...stored,
          employments: [
            { ...hospital, priority: 1 },
            { ...practice, priority: 2 },
          ],
        };
        return { status: 200, body: stored };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/establishments');
    await user.click(await screen.findByRole('button', { name: 'Make Establishment hospital primary' }));
    expect(api.callsTo('PUT /api/profile/employments/employment-hospital/')[0]?.body).toEqual({
      priority: 1,
    });
    expect(
      await screen.findByText('Establishment hospital is now your primary establishment.'),
    ).toBeDefined();
    const firstRow = within(screen.getByRole('table')).getAllByRole('row')[1];
    expect(firstRow?.textContent).toContain('Principal');
    expect(firstRow?.textContent).toContain('Establishment hospital');
  });

  it('leaves after confirming, with DELETE, and never offers to leave the personal space', async () => {
    let stored = gp([practice, hospital, personal]);
    const api = fakeApi({
      'GET /api/profile/': () => ({ status: 200, body: stored }),
      'DELETE /api/profile/employments/employment-hospital/': () => {
        stored = {
          ...stored,
          employments: [practice, personal, { ...hospital, status: employmentStatuses.coded('FINISHED') }],
        };
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/establishments');
    expect(await screen.findByRole('button', { name: 'Leave Establishment practice' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Leave Establishment personal' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Leave Establishment hospital' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Establishment hospital?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/profile/employments/employment-hospital/')).toHaveLength(1),
    );
    expect(
      await screen.findByText('You no longer work at Establishment hospital in Referrals.'),
    ).toBeDefined();
    expect(await screen.findByRole('button', { name: 'Closed (1)' })).toBeDefined();
  });

  it('lists invitations with a Review button leading to the invitation', async () => {
    const invited = employmentFixture('invited', 2, 'CL', 'INVITED');
    fakeApi({ 'GET /api/profile/': { status: 200, body: gp([practice, invited]) } });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/settings/establishments');
    await user.click(
      await screen.findByRole('link', { name: 'Review the invitation from Establishment invited' }),
    );
    expect(router.state.location.pathname).toBe('/review-invite/employment-invited');
  });

  it('asks to join: searches joinable establishments, shows joinable departments, validates first, then sends', async () => {
    let stored = gp([practice, personal]);
    const royal = establishment('royal', 'Royal Eastern Hospital', {
      type: establishmentTypes.coded('HL'),
      accepts_join_requests: false,
      departments: [
        {
          id: 'cardiology',
          name: 'Cardiology',
          email: null,
          website: null,
          description: null,
          hospital: { id: 'royal', name: 'Royal Eastern Hospital' },
          type: establishmentTypes.coded('DT'),
          is_approved: true,
          is_verified: true,
          accepts_join_requests: true,
          digital_ordering: false,
          accepts_advice_and_guidance: false,
        },
      ],
    });
    const api = fakeApi({
      'GET /api/profile/': () => ({ status: 200, body: stored }),
      'GET /api/establishments/': { status: 200, body: page([royal]) },
      'POST /api/profile/employments/': (body) => {
        const created = {
          ...employmentFixture('cardiology', 2, 'DT', 'REQUESTED'),
          establishment: {
            id: 'cardiology',
            name: 'Cardiology',
            type: establishmentTypes.coded('DT'),
            state: 'NSW' as const,
          },
        };
        if (api.calls.at(-1)?.search === '?validate=true') {
          return {
            status: 200,
            body: {
              establishment_id: (body as { establishment_id: string }).establishment_id,
              priority: 2,
              status: created.status,
            },
          };
        }
        stored = { ...stored, employments: [...stored.employments, created] };
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/establishments');
    await user.type(await screen.findByLabelText('Search establishments'), 'Royal');

    const departments = await screen.findByRole('group', { name: 'Departments of Royal Eastern Hospital' });
    expect(screen.queryByRole('button', { name: 'Ask to join Royal Eastern Hospital' })).toBeNull();
    const [search] = api.callsTo('GET /api/establishments/');
    expect(search?.search).toContain('accepts_join_requests=true');
    expect(search?.search).toContain('keyword=Royal');

    await user.click(within(departments).getByRole('button', { name: 'Ask to join Cardiology' }));
    await waitFor(() => expect(api.callsTo('POST /api/profile/employments/')).toHaveLength(2));
    const [check, commit] = api.callsTo('POST /api/profile/employments/');
    expect(check?.search).toBe('?validate=true');
    expect(commit?.search).toBe('');
    expect(commit?.body).toEqual({ establishment_id: 'cardiology' });
    // The request is the secondary place now, waiting as Requested; with both places taken, joining is closed.
    expect(await screen.findByText(TOO_MANY_EMPLOYMENTS_MESSAGE)).toBeDefined();
    const secondary = within(screen.getByRole('table')).getAllByRole('row')[2];
    expect(secondary?.textContent).toContain('Cardiology');
    expect(secondary?.textContent).toContain('Requested');
    expect(screen.getByText('Request sent')).toBeDefined();
  });

  it("shows the server's reason when a join is refused, and sends nothing after a failed dry run", async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: gp([practice]) },
      'GET /api/establishments/': {
        status: 200,
        body: page([establishment('north', 'North Shore Heart Clinic')]),
      },
      'POST /api/profile/employments/': {
        status: 400,
        body: { establishment_id: ['This establishment does not accept requests to join.'] },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/establishments');
    await user.type(await screen.findByLabelText('Search establishments'), 'North');
    await user.click(await screen.findByRole('button', { name: 'Ask to join North Shore Heart Clinic' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This establishment does not accept requests to join.',
    );
    expect(api.callsTo('POST /api/profile/employments/')).toHaveLength(1);
  });

  it('explains that no more establishments can be joined with a primary and a secondary', async () => {
    fakeApi({ 'GET /api/profile/': { status: 200, body: gp([practice, hospital, personal]) } });
    renderRoutes(routes, '/settings/establishments');
    expect(await screen.findByText(TOO_MANY_EMPLOYMENTS_MESSAGE)).toBeDefined();
    expect(screen.queryByLabelText('Search establishments')).toBeNull();
  });

  it('creates an establishment: the type chosen, a server 400 shown on its field, then the new one to manage', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { name: ['An establishment with this name exists.'] },
    };
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: gp([practice, personal]) },
      'POST /api/establishments/': () => answer,
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/settings/establishments');
    await user.click(await screen.findByRole('button', { name: 'Create an establishment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an establishment' });

    await user.click(within(dialog).getByRole('button', { name: 'Create establishment' }));
    expect(await within(dialog).findByText('This field is required.')).toBeDefined();
    expect(api.callsTo('POST /api/establishments/')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bayside Family Clinic');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Clinic' }));
    await user.click(within(dialog).getByRole('switch', { name: /Accepts join requests/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create establishment' }));
    expect(await within(dialog).findByText('An establishment with this name exists.')).toBeDefined();
    expect(api.callsTo('POST /api/establishments/')[0]?.body).toMatchObject({
      name: 'Bayside Family Clinic',
      type: 'CL',
      accepts_join_requests: true,
      accepts_in_app_referrals: false,
    });

    answer = {
      status: 201,
      body: establishment('bayside', 'Bayside Family Clinic', { is_approved: false, can_edit: true }),
    };
    await user.click(within(dialog).getByRole('button', { name: 'Create establishment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/establishments/bayside'));
    expect(await screen.findByText('Bayside Family Clinic is waiting for approval.')).toBeDefined();
  });

  it('offers Manage for the establishments the user holds, not for the others', async () => {
    fakeApi({ 'GET /api/profile/': { status: 200, body: gp([practice, hospital, personal]) } });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/settings/establishments');
    await user.click(await screen.findByRole('link', { name: 'Manage Establishment practice' }));
    expect(router.state.location.pathname).toBe('/settings/establishments/practice');
    expect(screen.queryByRole('link', { name: 'Manage Establishment hospital' })).toBeNull();
  });
});
