import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roles, type Role } from '@referrals/domain/people/people-codes';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import type { EstablishmentUnreadStats } from '@referrals/domain/referrals/referral-list-schemas';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { EstablishmentSelector } from './establishment-selector';

beforeAll(() => embedRuntimeConfig());
// Toasts live in a store outside React; each test starts without the last one's.
afterEach(() => notifications.clean());

const practice = employmentFixture('practice', 1, 'PR');
const hospital = employmentFixture('hospital', 2, 'HL');
const personal = employmentFixture('personal', 3, 'PA');
const finished = employmentFixture('old-clinic', 2, 'CL', 'FINISHED');

function profileWith(employments: Employment[], role: Role = 'GP', current = 'practice'): Profile {
  return profileFixture({
    registration_completed: true,
    role: roles.coded(role),
    employments,
    current_establishment: current,
  });
}

type Unread = EstablishmentUnreadStats[number]['receiver_unread'];
const unread = (id: string, values: Partial<Unread> = {}) => ({
  establishment: { id, name: `Establishment ${id}` },
  receiver_unread: { submitted: 0, viewed: 0, accepted: 0, ...values },
});
const unreadStats: EstablishmentUnreadStats = [
  unread('practice', { submitted: 1000, viewed: 12, accepted: 999 }),
  unread('hospital', { submitted: 3 }),
  unread('personal'),
];

function serve(profile: Profile, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/profile/': { status: 200, body: profile },
    ...extra,
  });
}

const openSelector = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: /Current establishment/ }));
  return screen.findByRole('menu');
};

// The top bar reads the unread stats (another feature's query) and hands them in.
const render = (at: string) =>
  renderRoutes([{ path: '*', element: <EstablishmentSelector unreadStats={unreadStats} /> }], at);

describe('the establishment selector (spec section 2 Establishment selector)', () => {
  it('groups the establishments Principal, Secondary and Professional with unread counters capped at 999+', async () => {
    serve(profileWith([practice, hospital, personal, finished]));
    const user = userEvent.setup();
    render('/');
    const menu = await openSelector(user);

    const labels = within(menu)
      .getAllByText(/^(Principal|Secondary|Professional)$/)
      .map((label) => label.textContent);
    expect(labels).toEqual(['Principal', 'Secondary', 'Professional']);
    const entry = await within(menu).findByRole('menuitem', { name: /Establishment practice/ });
    expect(entry.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(entry.textContent).toContain('New 999+'));
    expect(entry.textContent).toContain('Under Review 12');
    expect(entry.textContent).toContain('Accepted 999');
    // The finished employment is not among the active ones.
    expect(within(menu).queryByRole('menuitem', { name: /Establishment old-clinic/ })).toBeNull();
  });

  it('opens the Closed sub-list from the Closed entry and comes back with Active', async () => {
    serve(profileWith([practice, hospital, finished]));
    const user = userEvent.setup();
    render('/');
    const menu = await openSelector(user);

    await user.click(within(menu).getByRole('menuitem', { name: /Closed/ }));
    const closedEntry = await within(menu).findByRole('menuitem', { name: /Establishment old-clinic/ });
    // A closed employment cannot be entered: it is disabled and says why.
    expect(closedEntry.hasAttribute('data-disabled') || closedEntry.hasAttribute('disabled')).toBe(true);
    expect(closedEntry.textContent).toContain('Finished');
    expect(within(menu).queryByRole('menuitem', { name: /Establishment practice/ })).toBeNull();

    await user.click(within(menu).getByRole('menuitem', { name: 'Active' }));
    expect(await within(menu).findByRole('menuitem', { name: /Establishment practice/ })).toBeDefined();
  });

  it('shows only the name with a single establishment', async () => {
    serve(profileWith([practice]));
    render('/');
    expect(await screen.findByText('Establishment practice')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lists even a single establishment in the admin portal, with professional entries disabled there', async () => {
    serve(profileWith([practice, personal]));
    const user = userEvent.setup();
    render('/admin/users/all');
    const menu = await openSelector(user);
    const professional = within(menu).getByRole('menuitem', { name: /Establishment personal/ });
    expect(professional.hasAttribute('data-disabled')).toBe(true);
    expect(professional.textContent).toContain('Not in admin mode');
  });

  it('shows an establishment the role may not enter yet disabled, with its status', async () => {
    const unverified = employmentFixture('clinic', 2, 'CL', 'UNVERIFIED');
    // A specialist needs an approved employment (section 4 Employment).
    serve(profileWith([practice, unverified], 'SP'));
    const user = userEvent.setup();
    render('/');
    const menu = await openSelector(user);
    const entry = within(menu).getByRole('menuitem', { name: /Establishment clinic/ });
    expect(entry.hasAttribute('data-disabled')).toBe(true);
    expect(entry.textContent).toContain('Unverified');
  });

  it('switches: remembers the choice, reports it and reads everything again', async () => {
    let stored = profileWith([practice, hospital]);
    const api = serve(stored, {
      'GET /api/profile/': () => ({ status: 200, body: stored }),
      'POST /api/profile/set-establishment/': () => {
        stored = { ...stored, current_establishment: 'hospital' };
        return { status: 200, body: stored };
      },
    });
    const profile = stored;
    const user = userEvent.setup();
    render('/referrals/inbox/all');
    const menu = await openSelector(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Establishment hospital/ }));

    await waitFor(() => expect(api.callsTo('POST /api/profile/set-establishment/')).toHaveLength(1));
    expect(api.callsTo('POST /api/profile/set-establishment/')[0]?.body).toEqual({
      establishment_id: 'hospital',
    });
    expect(JSON.parse(window.localStorage.getItem('referrals.current-establishment') ?? '{}')).toEqual({
      email: profile.email,
      establishment_id: 'hospital',
    });
    await waitFor(() => expect(api.callsTo('GET /api/profile/').length).toBeGreaterThan(1));
    expect(await screen.findByText('Establishment hospital')).toBeDefined();
  });

  it('only logs a failed report; the switch stands', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const profile = profileWith([practice, hospital]);
    serve(profile, {
      'POST /api/profile/set-establishment/': { status: 404, body: { detail: 'Not found.' } },
    });
    const user = userEvent.setup();
    render('/');
    const menu = await openSelector(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Establishment hospital/ }));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(window.localStorage.getItem('referrals.current-establishment')).toContain('hospital');
    errors.mockRestore();
  });

  it('returns from Help Desk to the dashboard after switching', async () => {
    const profile = profileWith([practice, hospital]);
    serve(profile, {
      'POST /api/profile/set-establishment/': {
        status: 200,
        body: { ...profile, current_establishment: 'hospital' },
      },
    });
    const user = userEvent.setup();
    const { router } = render('/help');
    const menu = await openSelector(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Establishment hospital/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['/referrals/create', "You can't switch establishment during referral creation"],
    ['/referrals/42', "You can't switch establishment while viewing a referral"],
    ['/patients/create', "You can't switch establishment while creating/viewing a patient"],
    ['/patients/7', "You can't switch establishment while creating/viewing a patient"],
    ['/referrals/42/report/1', "You can't switch establishment while creating/viewing a clinical report"],
  ])('refuses to switch on %s with the Switch failed toast', async (at, message) => {
    const api = serve(profileWith([practice, hospital]));
    const user = userEvent.setup();
    const { router } = render(at);
    const menu = await openSelector(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Establishment hospital/ }));

    expect(await screen.findByText('Switch failed')).toBeDefined();
    expect(screen.getByText(message)).toBeDefined();
    expect(api.callsTo('POST /api/profile/set-establishment/')).toHaveLength(0);
    expect(window.localStorage.getItem('referrals.current-establishment')).toBeNull();
    expect(router.state.location.pathname).toBe(at);
  });
});
