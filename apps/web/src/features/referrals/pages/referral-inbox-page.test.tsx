import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralListItem } from '@referrals/domain/referrals/referral-list-schemas';
import { roles } from '@referrals/domain/people/people-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi, type FakeAnswer } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import type { InvitedCaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import { invitedCaseConferenceFixture } from '../case-conference-lists/case-conference-list-fixtures';
import { referralListItemFixture } from '../lists/referral-list-fixtures';
import { ReferralInboxPage } from './referral-inbox-page';

beforeAll(() => embedRuntimeConfig());

const routes = [
  { path: '/referrals/inbox/:type', element: <ReferralInboxPage /> },
  landing('/referrals/:id'),
];

const specialist = profileFixture({
  registration_completed: true,
  role: roles.coded('SP'),
  employments: [employmentFixture('clinic', 1, 'PR')],
  current_establishment: 'clinic',
});

const page = <T,>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

const margaret = referralListItemFixture();
const tom = referralListItemFixture({
  id: '11111111-2222-4333-8444-555555555555',
  patient: { id: 'p2', title: null, first_name: 'Tom', last_name: 'Baker', dob: '1990-12-31' },
  status: { value: 'SCHDL', display: 'Scheduled' },
  triage_category: 'CAT2',
  appointment_date: '2026-12-02T23:30:00.000Z',
  unread: false,
  pending_action: false,
  appointment_due: true,
});

const labelPage = (labels: string[], count = labels.length): FakeAnswer => ({
  status: 200,
  body: { count, next: null, previous: null, results: labels.map((label) => ({ label })) },
});

function inboxApi(
  answer: (search: string) => ReferralListItem[] | { results: ReferralListItem[]; count: number },
  labels: (query: URLSearchParams) => FakeAnswer = () => labelPage(['Cardiac', 'Urgent review']),
) {
  const api = fakeApi({
    'GET /api/profile/': { status: 200, body: specialist },
    'GET /api/referrals/tags/': (_body, query) => labels(query),
    'GET /api/referrals/': () => {
      const found = answer(api.calls.at(-1)?.search ?? '');
      return { status: 200, body: Array.isArray(found) ? page(found) : page(found.results, found.count) };
    },
  });
  return api;
}

const listCalls = (api: ReturnType<typeof fakeApi>) => api.callsTo('GET /api/referrals/');

describe('the referrals inbox (spec sections 2 List types, 3 Saved list filters, 7 Referrals)', () => {
  it('shows patient, referrer, status, triage category and Australian dates, marks unread rows, and pages by 10', async () => {
    const api = inboxApi((search) =>
      search.includes('page=2') ? { results: [tom], count: 11 } : { results: [margaret], count: 11 },
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/referrals/inbox/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('aria-current')).toBe('page');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Patient', 'Referrer', 'Status', 'Triage category', 'Submitted', 'Appointment']);
    const row = within(table).getByRole('row', { name: /Margaret Nguyen/ });
    expect(within(row).getByRole('img', { name: 'Unread' })).toBeDefined();
    expect(within(row).getByText('DOB 7 Mar 1948')).toBeDefined();
    expect(within(row).getByText('Dr Sarah Mitchell')).toBeDefined();
    expect(within(row).getByText('Harbourside Family Medical')).toBeDefined();
    expect(within(row).getByText('Submitted')).toBeDefined();
    expect(within(row).getByText('Pending action')).toBeDefined();
    expect(within(row).getByText('20 Nov 2026')).toBeDefined();
    expect(screen.getByText('11 referrals')).toBeDefined();
    expect(listCalls(api)[0]?.search).toBe('?page=1&box=inbox&list=new');

    await user.click(screen.getByRole('button', { name: '2' }));
    const tomRow = await screen.findByRole('row', { name: /Tom Baker/ });
    expect(within(tomRow).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(within(tomRow).getByText('Scheduled')).toBeDefined();
    expect(within(tomRow).getByText('Category 2')).toBeDefined();
    expect(within(tomRow).getByText('Appointment due')).toBeDefined();
    expect(within(tomRow).getByText('3 Dec 2026')).toBeDefined();
    expect(listCalls(api).at(-1)?.search).toBe('?page=2&box=inbox&list=new');

    await user.click(within(tomRow).getByRole('link', { name: 'Tom Baker' }));
    expect(router.state.location.pathname).toBe(`/referrals/${tom.id}`);
  });

  it('sends the search by its type, the dates, the sort and the switches, and remembers them after a remount', async () => {
    const api = inboxApi(() => [margaret]);
    const user = userEvent.setup();
    const first = renderRoutes(routes, '/referrals/inbox/all');
    await screen.findByRole('table');

    await user.click(screen.getByRole('combobox', { name: 'Search by' }));
    await user.click(screen.getByRole('option', { name: 'MRN' }));
    await user.type(screen.getByLabelText('Search referrals'), 'HFM-001');
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.search).toBe('?page=1&box=inbox&list=all&patient_mrn=HFM-001'),
    );
    await user.type(screen.getByLabelText('Submitted from'), '2026-11-01');
    await user.click(screen.getByRole('switch', { name: 'My referrals' }));
    await user.click(screen.getByRole('combobox', { name: 'My tags' }));
    await user.click(await screen.findByRole('option', { name: 'Everything I tagged' }));
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(screen.getByRole('option', { name: 'Patient name, A to Z' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.search).toBe(
        '?page=1&box=inbox&list=all&patient_mrn=HFM-001&my_referral=true&my_tags=true' +
          '&submitted_after=2026-11-01&order_by=patient_name',
      ),
    );
    await user.click(screen.getByRole('switch', { name: 'Show referral ID' }));
    expect(await screen.findByRole('columnheader', { name: 'Referral ID' })).toBeDefined();
    expect(screen.getByText(margaret.id.slice(0, 8))).toBeDefined();
    first.unmount();

    const callsBefore = listCalls(api).length;
    renderRoutes(routes, '/referrals/inbox/accepted');
    await screen.findByRole('table');
    expect(listCalls(api)[callsBefore]?.search).toBe(
      '?page=1&box=inbox&list=accepted&patient_mrn=HFM-001&my_referral=true&my_tags=true' +
        '&submitted_after=2026-11-01&order_by=patient_name',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Search referrals').value).toBe('HFM-001');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'My referrals' }).checked).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'Referral ID' })).toBeDefined();
  });

  it('offers the labels the user tagged with under My tags, filters by one and remembers it', async () => {
    const api = inboxApi(() => [margaret]);
    const user = userEvent.setup();
    const first = renderRoutes(routes, '/referrals/inbox/all');
    await screen.findByRole('table');
    // Nobody asked for the labels yet: the list alone is read.
    expect(api.callsTo('GET /api/referrals/tags/')).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'My tags' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent review' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.search).toBe('?page=1&box=inbox&list=all&my_tags=Urgent+review'),
    );
    expect(api.callsTo('GET /api/referrals/tags/')[0]?.search).toBe('?page_size=100');
    first.unmount();

    renderRoutes(routes, '/referrals/inbox/new');
    await screen.findByRole('table');
    expect(listCalls(api).at(-1)?.search).toBe('?page=1&box=inbox&list=new&my_tags=Urgent+review');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'My tags' }).value).toBe('Urgent review');
  });

  it('finds a label beyond the first 100 under My tags by asking the server as the user types', async () => {
    // The first page holds 100 of 101 labels; the one typed is not among them.
    const api = inboxApi(
      () => [margaret],
      (query) => (query.get('search') === 'zz' ? labelPage(['Zzz follow-up']) : labelPage(['Cardiac'], 101)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/inbox/all');
    await screen.findByRole('table');

    await user.click(screen.getByRole('combobox', { name: 'My tags' }));
    await user.type(screen.getByRole('combobox', { name: 'My tags' }), 'zz');
    await user.click(await screen.findByRole('option', { name: 'Zzz follow-up' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.search).toBe('?page=1&box=inbox&list=all&my_tags=Zzz+follow-up'),
    );
  });

  it('says where referrals will appear when the list is empty, and offers to clear filters that hide them', async () => {
    const api = inboxApi(() => []);
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/inbox/all');

    expect(await screen.findByText('No referrals yet')).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'Archived' }));
    expect(await screen.findByText('No referrals match these filters')).toBeDefined();
    expect(listCalls(api).at(-1)?.search).toBe('?page=1&box=inbox&list=all&archived=true');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No referrals yet')).toBeDefined();
    expect(listCalls(api).at(-1)?.search).toBe('?page=1&box=inbox&list=all');
  });
});

describe('the inbox’s Case Conferences (spec section 2 List types; docs/case-conferences.md)', () => {
  const started = invitedCaseConferenceFixture();
  const invited = invitedCaseConferenceFixture({
    id: '42',
    referral: {
      ...started.referral,
      id: '11111111-2222-4333-8444-555555555555',
      patient: { first_name: 'Tom', last_name: 'Baker' },
      from_establishment: { id: 'bondi', name: 'Bondi Road Medical' },
    },
    is_owner: false,
    participant_status: { value: 'invited', display: 'Invited' },
    unread: 0,
    last_event_at: null,
  });
  const closed = invitedCaseConferenceFixture({
    id: '40',
    status: { value: 'closed', display: 'Closed' },
    // 9 am on 1 December in Sydney.
    closed_at: '2026-11-30T22:00:00.000Z',
    unread: 0,
  });

  function conferenceApi(
    answer: (query: URLSearchParams) => { results: InvitedCaseConference[]; count?: number },
  ) {
    return fakeApi({
      'GET /api/profile/': { status: 200, body: specialist },
      'GET /api/referrals/cases/invited/': (_body, query) => {
        const { results, count } = answer(query);
        return { status: 200, body: page(results, count ?? results.length) };
      },
    });
  }
  const conferenceCalls = (api: ReturnType<typeof fakeApi>) =>
    api.callsTo('GET /api/referrals/cases/invited/').map((call) => call.search);

  it('lists the caller’s active conferences with the referrer’s establishment, their part, the end and the last activity', async () => {
    const api = conferenceApi(() => ({ results: [started, invited] }));
    renderRoutes(routes, '/referrals/inbox/case-conference-active');

    expect(await screen.findByRole('heading', { level: 1, name: 'Case Conferences' })).toBeDefined();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Patient', 'From', 'Your part', 'Ends', 'Last activity']);
    const margaret = within(table).getByRole('row', { name: /Margaret Nguyen/ });
    expect(within(margaret).getByText('Harbourside Family Medical')).toBeDefined();
    expect(within(margaret).getByText('Started by you')).toBeDefined();
    expect(within(margaret).getByText('4 Dec 2026')).toBeDefined();
    expect(within(margaret).getByText(/^22 Nov 2026, 3:15 pm/)).toBeDefined();
    const tom = within(table).getByRole('row', { name: /Tom Baker/ });
    expect(within(tom).getByText('Bondi Road Medical')).toBeDefined();
    expect(within(tom).getByText('Invited')).toBeDefined();
    expect(within(tom).getByText('—')).toBeDefined();
    expect(screen.getByText('2 case conferences')).toBeDefined();
    expect(conferenceCalls(api)).toEqual(['?page=1&page_size=10&status=active&box=inbox']);
    // The referral lists are not asked: these list types are conferences, not referrals.
    expect(api.callsTo('GET /api/referrals/')).toEqual([]);
  });

  it('marks a conference with unread messages by a bold row and a named badge, capped at 999+', async () => {
    conferenceApi(() => ({
      results: [started, invitedCaseConferenceFixture({ id: '43', unread: 1500 }), invited],
    }));
    renderRoutes(routes, '/referrals/inbox/case-conference-active');

    const [first, second, third] = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const badge = within(first!).getByRole('img', { name: '3 unread messages' });
    expect(badge.textContent).toBe('3 unread');
    expect(first!.style.fontWeight).toBe('700');
    expect(within(second!).getByRole('img', { name: '999+ unread messages' })).toBeDefined();
    expect(within(third!).queryByRole('img', { name: /unread/ })).toBeNull();
    expect(third!.style.fontWeight).toBe('');
  });

  it('opens the referral’s conference tab, by keyboard, with the way back to this list', async () => {
    conferenceApi(() => ({ results: [started] }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/referrals/inbox/case-conference-active');
    const link = await screen.findByRole('link', { name: 'Margaret Nguyen' });

    // The tabs come first, then the patient's name.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Active' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/referrals/${started.referral.id}`);
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('tab')).toBe('conference');
    expect(query.get('returnURL')).toBe('/referrals/inbox/case-conference-active');
  });

  it('switches between Active and Closed by their tabs, the closed list showing when each closed', async () => {
    const api = conferenceApi((query) => ({
      results: query.get('status') === 'closed' ? [closed] : [started],
    }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/referrals/inbox/case-conference-active');
    await screen.findByRole('table');
    const tabs = screen.getByRole('navigation', { name: 'Case conference lists' });
    expect(within(tabs).getByRole('link', { name: 'Active' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(tabs).getByRole('link', { name: 'Closed' }));
    expect(router.state.location.pathname).toBe('/referrals/inbox/case-conference-closed');
    expect(await screen.findByRole('columnheader', { name: 'Closed' })).toBeDefined();
    expect(within(tabs).getByRole('link', { name: 'Closed' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Active' }).getAttribute('aria-current')).toBeNull();
    const row = screen.getByRole('row', { name: /Margaret Nguyen/ });
    expect(within(row).getByText('1 Dec 2026')).toBeDefined();
    expect(conferenceCalls(api).at(-1)).toBe('?page=1&page_size=10&status=closed&box=inbox');
  });

  it('pages by 10, and goes back to page 1 on the other tab', async () => {
    const api = conferenceApi((query) => ({
      results: query.get('page') === '2' ? [invited] : [started],
      count: query.get('status') === 'closed' ? 1 : 11,
    }));
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/inbox/case-conference-active');
    await screen.findByRole('row', { name: /Margaret Nguyen/ });
    expect(screen.getByText('11 case conferences')).toBeDefined();

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('row', { name: /Tom Baker/ })).toBeDefined();
    expect(conferenceCalls(api).at(-1)).toBe('?page=2&page_size=10&status=active&box=inbox');

    await user.click(screen.getByRole('link', { name: 'Closed' }));
    expect(await screen.findByText('1 case conference')).toBeDefined();
    expect(conferenceCalls(api).at(-1)).toBe('?page=1&page_size=10&status=closed&box=inbox');
  });

  it('says what each list holds when it is empty', async () => {
    conferenceApi(() => ({ results: [] }));
    const user = userEvent.setup();
    renderRoutes(routes, '/referrals/inbox/case-conference-active');

    expect(await screen.findByText('No active case conferences.')).toBeDefined();
    expect(screen.getByText(/listed here for the 14 days it stays open/)).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Closed' }));
    expect(await screen.findByText('No closed case conferences.')).toBeDefined();
    expect(screen.getByText(/once it closes, at the latest 14 days after it was started/)).toBeDefined();
  });
});
