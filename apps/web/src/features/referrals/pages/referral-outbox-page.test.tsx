import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roles } from '@referrals/domain/people/people-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { invitedCaseConferenceFixture } from '../case-conference-lists/case-conference-list-fixtures';
import { referralListItemFixture } from '../lists/referral-list-fixtures';
import { ArchivePage } from './archive-page';
import { ReferralOutboxPage } from './referral-outbox-page';
import { TrashPage } from './trash-page';

beforeAll(() => embedRuntimeConfig());

const routes = [
  { path: '/referrals/outbox/:type', element: <ReferralOutboxPage /> },
  { path: '/referrals/archive', element: <ArchivePage /> },
  { path: '/referrals/trash', element: <TrashPage /> },
  landing('/referrals/create/:id'),
  landing('/referrals/:id'),
];

const gp = profileFixture({
  registration_completed: true,
  role: roles.coded('GP'),
  employments: [employmentFixture('harbourside', 1, 'PR')],
  current_establishment: 'harbourside',
});

const sent = referralListItemFixture({
  side: 'sender',
  unread: false,
  pending_action: false,
  status: { value: 'VWD', display: 'Under review' },
});
const draft = referralListItemFixture({
  id: 'draft-1',
  side: 'sender',
  status: { value: 'DRFT', display: 'Draft' },
  submitted_at: null,
  unread: false,
  pending_action: false,
});

function listApi(results: unknown[]) {
  return fakeApi({
    'GET /api/profile/': { status: 200, body: gp },
    'GET /api/referrals/': {
      status: 200,
      body: { count: results.length, next: null, previous: null, results },
    },
  });
}

describe('the referrals outbox, drafts, archive and deleted items (spec section 2)', () => {
  it('shows the receiver of each sent referral', async () => {
    const api = listApi([sent]);
    renderRoutes(routes, '/referrals/outbox/new');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Receiver' })).toBeDefined();
    const row = within(table).getByRole('row', { name: /Margaret Nguyen/ });
    expect(within(row).getByText('Dr James Chen')).toBeDefined();
    expect(within(row).getByText('North Shore Heart Clinic')).toBeDefined();
    expect(within(row).getByText('Under review')).toBeDefined();
    // The outbox labels its new list Submitted (section 2 List types).
    expect(screen.getByRole('link', { name: 'Submitted' }).getAttribute('aria-current')).toBe('page');
    expect(api.callsTo('GET /api/referrals/')[0]?.search).toBe('?page=1&box=outbox&list=new');
  });

  it('opens a draft in Referral Creation, without the dates, sort and switches a draft cannot use', async () => {
    const api = listApi([draft]);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/referrals/outbox/drafts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Drafts' })).toBeDefined();
    expect(screen.queryByLabelText('Submitted from')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Archived' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Outbox lists' })).toBeNull();
    expect(
      within(await screen.findByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Patient', 'Receiver', 'Status']);
    expect(api.callsTo('GET /api/referrals/')[0]?.search).toBe('?page=1&box=outbox&list=drafts');
    await user.click(await screen.findByRole('link', { name: 'Margaret Nguyen' }));
    expect(router.state.location.pathname).toBe('/referrals/create/draft-1');
  });

  it('lists archived and deleted referrals of both sides, saying which way each went', async () => {
    const api = listApi([sent, referralListItemFixture({ id: 'in-1', unread: false })]);
    const archive = renderRoutes(routes, '/referrals/archive');

    expect(await screen.findByRole('heading', { level: 1, name: 'Archive' })).toBeDefined();
    expect(await screen.findByText('To Dr James Chen')).toBeDefined();
    expect(screen.getByText('From Dr Sarah Mitchell')).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'From or to' })).toBeDefined();
    expect(api.callsTo('GET /api/referrals/')[0]?.search).toBe('?page=1&archived=true');
    archive.unmount();

    renderRoutes(routes, '/referrals/trash');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted Items' })).toBeDefined();
    await screen.findByRole('table');
    expect(api.callsTo('GET /api/referrals/').at(-1)?.search).toBe('?page=1&deleted=true');
  });

  it('says what Deleted Items is for when it is empty', async () => {
    listApi([]);
    renderRoutes(routes, '/referrals/trash');
    expect(await screen.findByText('No deleted items')).toBeDefined();
  });
});

describe('the outbox’s Case Conferences (spec section 2 List types; docs/case-conferences.md)', () => {
  it('lists the sending side’s conferences with the receiving establishment and links back to the outbox', async () => {
    const joined = invitedCaseConferenceFixture({
      is_owner: false,
      participant_status: { value: 'joined', display: 'Joined' },
      side: 'sender',
      unread: 0,
    });
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: gp },
      'GET /api/referrals/cases/invited/': {
        status: 200,
        body: { count: 1, next: null, previous: null, results: [joined] },
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/referrals/outbox/case-conference-active');

    expect(await screen.findByRole('heading', { level: 1, name: 'Case Conferences' })).toBeDefined();
    expect(screen.getByText(/referrals sent from Establishment harbourside/)).toBeDefined();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'To' })).toBeDefined();
    const row = within(table).getByRole('row', { name: /Margaret Nguyen/ });
    expect(within(row).getByText('North Shore Heart Clinic')).toBeDefined();
    expect(within(row).getByText('Joined')).toBeDefined();
    expect(within(row).queryByRole('img', { name: /unread/ })).toBeNull();
    expect(api.callsTo('GET /api/referrals/cases/invited/')[0]?.search).toBe(
      '?page=1&page_size=10&status=active&box=outbox',
    );
    expect(screen.getByRole('link', { name: 'Closed' }).getAttribute('href')).toBe(
      '/referrals/outbox/case-conference-closed',
    );

    await user.click(within(row).getByRole('link', { name: 'Margaret Nguyen' }));
    expect(router.state.location.pathname).toBe(`/referrals/${joined.referral.id}`);
    expect(new URLSearchParams(router.state.location.search).get('returnURL')).toBe(
      '/referrals/outbox/case-conference-active',
    );
  });
});
