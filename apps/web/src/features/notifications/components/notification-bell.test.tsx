import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_POLL_MS } from '@referrals/domain/constants';
import type { Notification, NotificationPage } from '@referrals/domain/notifications/notification-schemas';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { NotificationBell } from './notification-bell';

beforeAll(() => embedRuntimeConfig());
afterEach(() => vi.useRealTimers());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function notification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    scope: 'referral',
    action: 'view',
    title: `Referral ${id} viewed`,
    text: `North Shore Heart Clinic opened referral ${id}.`,
    created_at: hoursAgo(3),
    viewed_at: null,
    subject_id: `referral-${id}`,
    subject_details: { referral_id: `referral-${id}` },
    ...overrides,
  };
}

function page(results: Notification[], unseen: number, next: string | null = null): NotificationPage {
  return { count: results.length, next, previous: null, results, unseen_count: unseen };
}

/**
 * The notifications API: the badge asks for a page of one, the panel for pages 1, 2...; `pages` answers
 * by page number, and `unseen` is what is unseen at the time of the call.
 */
function serve(pages: NotificationPage[], unseen: () => number = () => pages[0]?.unseen_count ?? 0) {
  let calls: FakeCall[] = [];
  const api = fakeApi({
    'GET /api/notifications/': () => {
      const query = new URLSearchParams(calls.at(-1)?.search);
      const number = Number(query.get('page') ?? '1');
      const answer = pages[number - 1] ?? page([], 0);
      return { status: 200, body: { ...answer, unseen_count: unseen() } };
    },
    'POST /api/notifications/mark-all-viewed/': { status: 200, body: { marked: 2, unseen_count: 0 } },
    'POST /api/notifications/n1/mark-viewed/': { status: 200, body: notification('n1') },
  });
  calls = api.calls;
  return api;
}

const render = () =>
  renderRoutes(
    [{ path: '/', element: <NotificationBell /> }, landing('/referrals/:id', 'The referral')],
    '/',
  );

const bell = (name: RegExp | string = /^Notifications/) => screen.findByRole('button', { name });

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the notification bell and panel (spec section 2 Layout, section 4 Notifications)', () => {
  it('caps the badge at 99+', async () => {
    serve([page([notification('n1')], 150)]);
    render();
    const button = await bell('Notifications, 99+ unread');
    expect(screen.getByText('99+')).toBeDefined();
    expect(button).toBeDefined();
  });

  it('shows no badge and the empty text when there is nothing', async () => {
    serve([page([], 0)]);
    const user = userEvent.setup();
    render();
    const panel = await openPanel(user);
    expect(await within(panel).findByText('No recent notifications')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeDefined();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
  });

  it('lists the notifications, newest first, the unread ones marked as such', async () => {
    serve([
      page([notification('n1'), notification('n2', { viewed_at: hoursAgo(1), created_at: hoursAgo(30) })], 1),
    ]);
    const user = userEvent.setup();
    render();
    const panel = await openPanel(user);
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Unread: Referral n1 viewedNorth Shore Heart Clinic opened referral n1.3 hours ago',
      'Referral n2 viewedNorth Shore Heart Clinic opened referral n2.1 day ago',
    ]);
  });

  it('marks a notification viewed when it is opened and goes to its referral', async () => {
    let unseen = 1;
    const api = serve([page([notification('n1')], 1)], () => unseen);
    const user = userEvent.setup();
    const { router } = render();
    const panel = await openPanel(user);
    unseen = 0;
    await user.click(await within(panel).findByRole('button', { name: /Referral n1 viewed/ }));

    expect(await screen.findByText('The referral')).toBeDefined();
    expect(router.state.location.pathname).toBe('/referrals/referral-n1');
    expect(api.callsTo('POST /api/notifications/n1/mark-viewed/')).toHaveLength(1);
  });

  it('marks all as read, and the badge goes', async () => {
    let unseen = 2;
    const api = serve([page([notification('n1'), notification('n2')], 2)], () => unseen);
    const user = userEvent.setup();
    render();
    await bell('Notifications, 2 unread');
    const panel = await openPanel(user);
    unseen = 0;
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeDefined());
    expect(screen.queryByText(/unread/)).toBeNull();
    expect(api.callsTo('POST /api/notifications/mark-all-viewed/')).toHaveLength(1);
  });

  it('loads the next page on scrolling to the end of the list', async () => {
    const first = Array.from({ length: 10 }, (_, i) => notification(`a${i}`));
    const api = serve([page(first, 11, '/api/notifications/?page=2'), page([notification('b0')], 11)]);
    const user = userEvent.setup();
    render();
    const panel = await openPanel(user);
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    // jsdom lays nothing out: every scroll position is the end of the list.
    fireEvent.scroll(list.parentElement as HTMLElement);
    expect(await within(panel).findByText('Referral b0 viewed')).toBeDefined();
    expect(within(list).getAllByRole('listitem')).toHaveLength(11);
    expect(
      api.callsTo('GET /api/notifications/').map((c) => new URLSearchParams(c.search).get('page')),
    ).toContain('2');
  });

  it('polls every 30 s, so a new notification raises the badge without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unseen = 0;
    serve([page([], 0)], () => unseen);
    render();
    await bell('Notifications');
    unseen = 3;
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - 1_000);
    expect(screen.queryByText('3')).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await bell('Notifications, 3 unread')).toBeDefined();
  });
});
