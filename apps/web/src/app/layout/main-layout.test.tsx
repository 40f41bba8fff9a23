import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { BEING_VERIFIED_HINT, NO_PERMISSION_HINT } from '@referrals/domain/people/access-rules';
import { roles, type Permission, type Role } from '@referrals/domain/people/people-codes';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import type { CaseConferenceStats } from '@referrals/domain/case-conferences/case-conference-schemas';
import type { ReferralStats } from '@referrals/domain/referrals/referral-list-schemas';
import type { RouteObject } from 'react-router';
import { NAV_STATS_POLL_MS } from '@referrals/domain/constants';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { MainLayout } from './main-layout';

beforeAll(() => embedRuntimeConfig());
afterEach(() => {
  notifications.clean();
  vi.useRealTimers();
  localStorage.clear();
});

const personal = employmentFixture('personal', 3, 'PA');
const clinic = employmentFixture('clinic', 1, 'CL');

function profileOf(
  role: Role,
  employments: Employment[],
  current: string,
  permissions: Permission[] = ['manage_referral', 'add_referral', 'accept_referral'],
): Profile {
  return profileFixture({
    registration_completed: true,
    role: roles.coded(role),
    employments,
    current_establishment: current,
    permissions,
  });
}

const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      landing('/'),
      landing('/patients'),
      landing('/help'),
      landing('/settings/:type', 'Landed on settings'),
      landing('/referrals/inbox/:type', 'Landed on the inbox'),
      landing('/referrals/outbox/:type', 'Landed on the outbox'),
      {
        path: '/providers',
        element: (
          <button type="button" onClick={() => undefined}>
            The screen’s first control
          </button>
        ),
      },
    ],
  },
];

const noStats: ReferralStats = { inbox: { count: 0, unread: 0 }, outbox: { count: 0, unread: 0 } };

function serve(
  profile: Profile,
  stats: () => ReferralStats = () => noStats,
  extra: Parameters<typeof fakeApi>[0] = {},
) {
  return fakeApi({
    'GET /api/profile/': { status: 200, body: profile },
    'GET /api/referrals/stats/': () => ({ status: 200, body: stats() }),
    'GET /api/referrals/stats/establishments/': { status: 200, body: [] },
    'GET /api/notifications/': {
      status: 200,
      body: { count: 0, next: null, previous: null, results: [], unseen_count: 0 },
    },
    'POST /api/profile/set-establishment/': { status: 200, body: profile },
    ...extra,
  });
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
/** The link `name` under the labelled group `group` of the side navigation, or null. */
const navLink = (group: string, name: string) => {
  const section = within(nav()).queryByRole('group', { name: group });
  return section === null ? null : within(section).queryByRole('link', { name });
};

describe('the limited mode of a PA or PM at their personal space (spec section 2 Layout)', () => {
  it('sends other screens to the dashboard, offers only Help Desk, Dashboard and Settings, and asks to switch', async () => {
    serve(profileOf('PA', [personal], 'personal'));
    const { router } = renderRoutes(routes, '/patients');

    const dialog = await screen.findByRole('dialog', { name: 'Switch establishments?' });
    expect(router.state.location.pathname).toBe('/');
    const links = within(nav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Dashboard', 'Help Desk', 'Settings']);
    expect(within(nav()).queryByRole('button', { name: /New Referral/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Proceed with Professional account' })).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Switch establishments' })).toBeDefined();
  });

  it('keeps the professional account for the session after Proceed', async () => {
    serve(profileOf('PM', [personal], 'personal'));
    const user = userEvent.setup();
    const first = renderRoutes(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Proceed with Professional account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    // A new page load in the same session does not ask again; Settings stays open in the limited mode.
    renderRoutes(routes, '/settings/profile');
    expect(await screen.findByText('Landed on settings')).toBeDefined();
    expect(screen.queryByRole('dialog', { name: 'Switch establishments?' })).toBeNull();
  });

  it('goes to Settings > establishments to switch when there is nowhere else to go', async () => {
    serve(profileOf('PA', [personal], 'personal'));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Switch establishments' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/establishments'));
  });

  it('opens the establishment selector to switch when there is somewhere else', async () => {
    serve(profileOf('PA', [clinic, personal], 'personal'));
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Switch establishments' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Establishment clinic/ })).toBeDefined();
  });

  it('does not apply to a GP at their personal space', async () => {
    serve(profileOf('GP', [personal], 'personal'));
    renderRoutes(routes, '/patients');
    expect(await screen.findByText('Establishment personal')).toBeDefined();
    expect(screen.getByText('Landed on /patients')).toBeDefined();
    expect(screen.queryByRole('dialog', { name: 'Switch establishments?' })).toBeNull();
  });
});

describe('the skip link (WCAG 2.4.1 Bypass Blocks)', () => {
  it('is the first Tab stop, and takes the focus past the top bar and navigation to the screen', async () => {
    serve(profileOf('GP', [clinic], 'clinic'));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/providers');
    await screen.findByText('Establishment clinic');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    // The address keeps no #main-content: skipping is not a navigation.
    expect(router.state.location.hash).toBe('');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'The screen’s first control' }));
  });
});

describe('the side navigation by permission (spec section 6 Rules)', () => {
  it('shows a PA without shared access neither the inbox nor outbox referrals, and sends them away', async () => {
    const pa = { ...clinic, has_shared_inbox_access: false, has_shared_outbox_access: false };
    serve(profileOf('PA', [pa], 'clinic', ['accept_referral', 'manage_referral']));
    const { router } = renderRoutes(routes, '/referrals/inbox/all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(within(nav()).queryByRole('group', { name: 'Inbox' })).toBeNull();
    expect(navLink('Outbox', 'Referrals')).toBeNull();
    expect(navLink('Outbox', 'Reports')).not.toBeNull();
    expect(navLink('Drafts', 'Referrals')).not.toBeNull();
    expect(navLink('Drafts', 'Reports')).not.toBeNull();
  });

  it('shows a PA with shared inbox and outbox access both', async () => {
    const pa = { ...clinic, has_shared_inbox_access: true, has_shared_outbox_access: true };
    serve(profileOf('PA', [pa], 'clinic', ['accept_referral']));
    renderRoutes(routes, '/referrals/inbox/all');
    // The top bar names the establishment once the profile is in.
    expect(await screen.findByText('Establishment clinic')).toBeDefined();
    expect(screen.getByText('Landed on the inbox')).toBeDefined();
    expect(navLink('Inbox', 'Referrals')).not.toBeNull();
    expect(navLink('Outbox', 'Referrals')).not.toBeNull();
    // Drafts > Referrals needs manage_referral.
    expect(navLink('Drafts', 'Referrals')).toBeNull();
  });

  it('enables New Referral for a GP who may send', async () => {
    serve(profileOf('GP', [clinic], 'clinic'));
    renderRoutes(routes, '/');
    await screen.findByText('Establishment clinic');
    const button = await within(nav()).findByRole('link', { name: 'New Referral' });
    expect(button.getAttribute('href')).toBe('/referrals/create');
  });

  it('disables New Referral with the verification hint while the employment is being verified', async () => {
    const unverified = employmentFixture('clinic', 1, 'PR', 'UNVERIFIED');
    serve(profileOf('GP', [unverified], 'clinic', ['manage_referral', 'accept_referral']));
    renderRoutes(routes, '/');
    await screen.findByText('Establishment clinic');
    const button = within(nav()).getByRole('button', { name: 'New Referral' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(nav()).getByText(BEING_VERIFIED_HINT)).toBeDefined();
    expect(button.getAttribute('aria-describedby')).toBe(within(nav()).getByText(BEING_VERIFIED_HINT).id);
  });

  it('disables New Referral with the permission hint without add_referral', async () => {
    serve(profileOf('GP', [clinic], 'clinic', ['accept_referral']));
    renderRoutes(routes, '/');
    await screen.findByText('Establishment clinic');
    const button = within(nav()).getByRole('button', { name: 'New Referral' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(nav()).getByText(NO_PERMISSION_HINT)).toBeDefined();
  });
});

describe('the top bar logo (spec section 2 Layout)', () => {
  it('shows the current establishment’s branding logo when it has one, else the product’s', async () => {
    const branded = {
      ...clinic,
      establishment: {
        ...clinic.establishment,
        branding_logo: '/api/public/establishments/clinic/branding-logo/',
      },
    };
    serve(profileOf('GP', [branded], 'clinic'));
    renderRoutes(routes, '/');
    const logo = await screen.findByRole('img', { name: `${clinic.establishment.name} logo` });
    expect(logo.getAttribute('src')).toBe('/api/public/establishments/clinic/branding-logo/');
  });

  it('keeps the product logo for an establishment without one', async () => {
    serve(profileOf('GP', [clinic], 'clinic'));
    renderRoutes(routes, '/');
    await screen.findByRole('link', { name: 'Referrals, go to Dashboard' });
    expect(screen.queryByRole('img', { name: /logo$/ })).toBeNull();
  });
});

describe('the unverified-employment marker (spec section 6 Rules)', () => {
  it('is set for a year while the current employment is unverified, and removed once it is not', async () => {
    const unverified = employmentFixture('clinic', 1, 'PR', 'UNVERIFIED');
    serve(profileOf('GP', [unverified], 'clinic'));
    const first = renderRoutes(routes, '/');
    await screen.findByText('Establishment clinic');
    await waitFor(() => expect(document.cookie).toContain('referrals_unverified_employment=clinic'));
    first.unmount();

    serve(profileOf('GP', [clinic], 'clinic'));
    renderRoutes(routes, '/');
    await screen.findByText('Establishment clinic');
    await waitFor(() => expect(document.cookie).not.toContain('referrals_unverified_employment'));
  });
});

describe('the side navigation’s counters (spec section 2 Layout, section 7 Stats)', () => {
  const stats = (inboxUnread: number, outboxUnread: number): ReferralStats => ({
    inbox: { count: 1500, unread: inboxUnread },
    outbox: { count: 42, unread: outboxUnread },
  });

  it('shows the unread inbox and outbox referrals, capped at 999+, and no badge at zero', async () => {
    const api = serve(profileOf('GP', [clinic], 'clinic'), () => stats(1200, 0));
    renderRoutes(routes, '/');
    expect(await within(nav()).findByRole('link', { name: 'Referrals 999+ unread' })).toBeDefined();
    expect(navLink('Outbox', 'Referrals')).not.toBeNull();
    const query = new URLSearchParams(api.callsTo('GET /api/referrals/stats/')[0]?.search);
    expect(Object.fromEntries(query)).toEqual({
      exclude_status: 'DRFT',
      archived: 'false',
      deleted: 'false',
      within_establishment: 'true',
    });
  });

  it('shows the totals of a box once asked, and remembers it across reloads', async () => {
    serve(profileOf('GP', [clinic], 'clinic'), () => stats(3, 1));
    const user = userEvent.setup();
    const first = renderRoutes(routes, '/');
    await within(nav()).findByRole('link', { name: 'Referrals 3 unread' });
    const inboxGroup = within(nav()).getByRole('group', { name: 'Inbox' });
    const inboxTotals = within(inboxGroup).getByRole('button', { name: 'Show totals' });
    expect(inboxTotals.getAttribute('aria-pressed')).toBe('false');
    await user.click(inboxTotals);
    expect(inboxTotals.getAttribute('aria-pressed')).toBe('true');
    expect(navLink('Inbox', 'Referrals 3 unread 999+ in total')).not.toBeNull();
    // The outbox has its own choice.
    expect(navLink('Outbox', 'Referrals 1 unread')).not.toBeNull();
    first.unmount();

    renderRoutes(routes, '/');
    expect(
      await within(nav()).findByRole('link', { name: 'Referrals 3 unread 999+ in total' }),
    ).toBeDefined();
  });

  it('reads the counters again every 20 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = stats(0, 0);
    serve(profileOf('GP', [clinic], 'clinic'), () => current);
    renderRoutes(routes, '/');
    await screen.findByText('Establishment clinic');
    await waitFor(() => expect(navLink('Inbox', 'Referrals')).not.toBeNull());
    current = stats(5, 0);
    await vi.advanceTimersByTimeAsync(NAV_STATS_POLL_MS);
    expect(await within(nav()).findByRole('link', { name: 'Referrals 5 unread' })).toBeDefined();
  });
});

describe('the side navigation’s Case Conferences counters (docs/case-conferences.md)', () => {
  const conferenceStats = (inboxUnread: number, outboxUnread: number): CaseConferenceStats => ({
    inbox: { active: 2, unread: inboxUnread },
    outbox: { active: 1, unread: outboxUnread },
  });
  const serveConferences = (stats: () => CaseConferenceStats) =>
    serve(profileOf('GP', [clinic], 'clinic'), undefined, {
      'GET /api/referrals/cases/stats/': () => ({ status: 200, body: stats() }),
    });

  it('shows each box’s unread messages, and its active conferences once the totals are asked for', async () => {
    serveConferences(() => conferenceStats(4, 0));
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    expect(await within(nav()).findByRole('link', { name: 'Case Conferences 4 unread' })).toBeDefined();
    expect(navLink('Outbox', 'Case Conferences')).not.toBeNull();

    const outboxGroup = within(nav()).getByRole('group', { name: 'Outbox' });
    await user.click(within(outboxGroup).getByRole('button', { name: 'Show totals' }));
    expect(navLink('Outbox', 'Case Conferences 1 in total')).not.toBeNull();
    expect(navLink('Inbox', 'Case Conferences 4 unread')).not.toBeNull();
  });

  it('reads them again every 20 s, with the referral counters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = conferenceStats(0, 0);
    const api = serveConferences(() => current);
    renderRoutes(routes, '/');
    await waitFor(() => expect(api.callsTo('GET /api/referrals/cases/stats/')).toHaveLength(1));
    expect(navLink('Outbox', 'Case Conferences')).not.toBeNull();
    current = conferenceStats(0, 12);
    await vi.advanceTimersByTimeAsync(NAV_STATS_POLL_MS);
    expect(await within(nav()).findByRole('link', { name: 'Case Conferences 12 unread' })).toBeDefined();
  });
});

describe('the establishment selector’s counters (spec section 2 Establishment selector)', () => {
  it('shows each establishment’s unread New, Under Review and Accepted, capped at 999+', async () => {
    const practice = employmentFixture('practice', 1, 'PR');
    const api = serve(profileOf('GP', [clinic, practice], 'clinic'), undefined, {
      'GET /api/referrals/stats/establishments/': {
        status: 200,
        body: [
          {
            establishment: { id: 'clinic', name: 'Establishment clinic' },
            receiver_unread: { submitted: 1000, viewed: 2, accepted: 0 },
          },
          {
            establishment: { id: 'practice', name: 'Establishment practice' },
            receiver_unread: { submitted: 4, viewed: 0, accepted: 1 },
          },
        ],
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    // Nothing is read for the selector until it opens.
    await screen.findByText('Establishment clinic');
    expect(api.callsTo('GET /api/referrals/stats/establishments/')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Current establishment/ }));
    const menu = await screen.findByRole('menu');
    const clinicEntry = within(menu).getByRole('menuitem', { name: /Establishment clinic/ });
    await waitFor(() => expect(clinicEntry.textContent).toContain('New 999+'));
    expect(clinicEntry.textContent).toContain('Under Review 2');
    expect(within(menu).getByRole('menuitem', { name: /Establishment practice/ }).textContent).toContain(
      'Accepted 1',
    );
  });
});

describe('down for maintenance by the switch (README, Maintenance)', () => {
  const down = {
    status: 200,
    body: { maintenance: true, source: 'switch', message: null, expected_end: null },
  };

  it('keeps a platform administrator in the app, under a banner that leads to the switch', async () => {
    const admin = { ...profileOf('PM', [clinic], 'clinic'), is_platform_admin: true };
    serve(admin, undefined, { 'GET /api/public/maintenance/': down });
    renderRoutes(routes, '/');
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText('Down for maintenance')).toBeDefined();
    expect(within(banner).getByRole('link', { name: 'Open the maintenance switch' })).toHaveProperty(
      'href',
      `${window.location.origin}/maintenance-switch`,
    );
  });

  it('asks nothing about it for anyone else: their calls meet the maintenance instead', async () => {
    const api = serve(profileOf('GP', [clinic], 'clinic'), undefined, {
      'GET /api/public/maintenance/': down,
    });
    renderRoutes(routes, '/');
    expect(await screen.findByText('Landed on /')).toBeDefined();
    expect(api.callsTo('GET /api/public/maintenance/')).toHaveLength(0);
    expect(screen.queryByText('Down for maintenance')).toBeNull();
  });
});
