import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { referralFixture, referralPageRoutes } from '../detail/referral-fixtures';
import { ReferralDetailPage } from './referral-detail-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const routes = [
  { path: '/referrals/:id', element: <ReferralDetailPage /> },
  landing('/referrals/create/:id'),
];

const receiverReferral = referralFixture({
  side: 'receiver',
  unread: true,
  allowed_actions: [
    'view',
    'accept',
    'waitlist',
    'schedule',
    'return',
    'forward',
    'share',
    'archive',
    'delete',
  ],
});

describe('the referral page (spec sections 2 /referrals/:id, 4 Actions, 8)', { timeout: 40_000 }, () => {
  it('shows the referral and exactly the sender’s allowed actions, without marking it viewed', async () => {
    const api = fakeApi(referralPageRoutes(referralFixture()));
    renderRoutes(routes, '/referrals/r1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Referral for Margaret Nguyen' }),
    ).toBeDefined();
    expect(screen.getByText('Submitted', { selector: 'span' })).toBeDefined();
    expect(screen.getByText('Dr Olivia Chen')).toBeDefined();
    expect(screen.getByText('Northside Cardiology')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Recall' }).getAttribute('href')).toBe('/referrals/r1/recall');
    for (const name of ['Clone', 'Copy', 'Share', 'Archive', 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeDefined();
    }
    for (const name of ['Triage', 'Return', 'Forward', 'Reschedule']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Unarchive' })).toBeNull();
    expect(
      await screen.findByText('Dr Olivia Chen, Harbourside Family Medical Practice', { exact: false }),
    ).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/view/')).toHaveLength(0);
  });

  it('leads the sender to the renew flow when the referral may be renewed', async () => {
    fakeApi(
      referralPageRoutes(
        referralFixture({ status: { value: 'ACPT', display: 'Accepted' }, allowed_actions: ['renew'] }),
      ),
    );
    renderRoutes(routes, '/referrals/r1');
    const renew = await screen.findByRole('link', { name: 'Renew' });
    expect(renew.getAttribute('href')).toBe('/referrals/r1/renew');
  });

  it('marks a submitted referral viewed once when the receiver opens it, and offers the triage flows', async () => {
    const viewed = referralFixture({
      ...receiverReferral,
      status: { value: 'VWD', display: 'Under review' },
      unread: false,
      allowed_actions: ['accept', 'return', 'forward'],
    });
    const api = fakeApi({
      ...referralPageRoutes(receiverReferral),
      'POST /api/referrals/r1/view/': { status: 200, body: viewed },
    });
    renderRoutes(routes, '/referrals/r1');

    expect(await screen.findByRole('link', { name: 'Triage' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Triage' }).getAttribute('href')).toBe('/referrals/r1/triage');
    expect(screen.getByRole('link', { name: 'Return' }).getAttribute('href')).toBe('/referrals/r1/return');
    expect(screen.getByRole('link', { name: 'Forward' }).getAttribute('href')).toBe('/referrals/r1/forward');
    expect(screen.queryByRole('link', { name: 'Recall' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clone' })).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/referrals/r1/view/')).toHaveLength(1));
    // The page refetches after the call; the refetch must not send it again.
    await waitFor(() => expect(api.callsTo('GET /api/referrals/r1/').length).toBeGreaterThan(1));
    expect(api.callsTo('POST /api/referrals/r1/view/')).toHaveLength(1);
  });

  it('shows a friendly 404 for a missing referral or another establishment’s', async () => {
    fakeApi({ 'GET /api/referrals/nope/': { status: 404, body: { detail: 'Not found.' } } });
    renderRoutes(routes, '/referrals/nope');
    expect(await screen.findByRole('heading', { name: 'Referral not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/');
  });

  it('asks before deleting, and deletes only on confirm', async () => {
    const api = fakeApi({
      ...referralPageRoutes(referralFixture()),
      'POST /api/referrals/r1/delete/': { status: 200, body: referralFixture({ is_deleted: true }) },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this referral?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/referrals/r1/delete/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this referral?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Referral deleted')).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/delete/')).toHaveLength(1);
  });

  it('opens the new draft after a clone', async () => {
    fakeApi({
      ...referralPageRoutes(referralFixture()),
      'POST /api/referrals/r1/clone/': {
        status: 201,
        body: referralFixture({ id: 'r9', status: { value: 'DRFT', display: 'Draft' } }),
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/referrals/r1');
    await user.click(await screen.findByRole('button', { name: 'Clone' }));
    expect(await screen.findByText('Landed on /referrals/create/:id')).toBeDefined();
    expect(router.state.location.pathname).toBe('/referrals/create/r9');
  });

  it('links back to a same-origin returnURL only, and says case conferences come later', async () => {
    fakeApi(referralPageRoutes(referralFixture()));
    renderRoutes(routes, '/referrals/r1?returnURL=%2Freferrals%2Foutbox%2Fall&tab=conference');
    expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe(
      '/referrals/outbox/all',
    );
    expect(screen.getByText('Case conferences on a referral come in a later release.')).toBeDefined();
  });

  it('ignores a returnURL to another site', async () => {
    fakeApi(referralPageRoutes(referralFixture()));
    renderRoutes(routes, '/referrals/r1?returnURL=https%3A%2F%2Fevil.example%2F');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });

  it('refuses a file over 5 MB before uploading it', async () => {
    const api = fakeApi(referralPageRoutes(referralFixture()));
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const { container } = renderRoutes(routes, '/referrals/r1');
    await screen.findByRole('region', { name: 'Supplementary attachments' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
    const big = new File([new Uint8Array(5_242_881)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(input as HTMLInputElement, big);
    expect((await screen.findByRole('alert')).textContent).toContain('scan.pdf is larger than 5 MB');
    expect(api.callsTo('POST /api/referrals/r1/supplementary-attachments/')).toHaveLength(0);
  });

  it('adds a tag of your establishment, and has no tags or notes for a shared-with reader', async () => {
    let referral = referralFixture();
    const tag = { id: 't1', label: 'Urgent review', added_by: null, created_at: '2026-11-25T09:00:00+11:00' };
    const api = fakeApi({
      ...referralPageRoutes(referral),
      'GET /api/referrals/r1/': () => ({ status: 200, body: referral }),
      'POST /api/referrals/r1/tags/': () => {
        referral = { ...referral, tags: [tag] };
        return { status: 201, body: tag };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');
    await user.type(await screen.findByLabelText('New tag'), 'Urgent review');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByRole('button', { name: 'Remove tag Urgent review' })).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/tags/')[0]?.body).toEqual({ label: 'Urgent review' });
  });

  it('shows a shared-with reader no actions and no tags or notes', async () => {
    fakeApi(referralPageRoutes(referralFixture({ side: 'shared', allowed_actions: [] })));
    renderRoutes(routes, '/referrals/r1');
    expect(await screen.findByText(/Shared with you \(read only\)/)).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Print' })).toBeDefined();
  });

  it('shows the sender the verification code counting down, fetches the next one, and makes a new one', async () => {
    const codes = ['482913', '105377'];
    const api = fakeApi({
      ...referralPageRoutes(referralFixture()),
      // One second left: the next code is due at once.
      'GET /api/referrals/r1/verification-code/': () => ({
        status: 200,
        body: { code: codes.shift() ?? '105377', seconds_left: 1, expires_at: '2026-11-26T01:01:00Z' },
      }),
      'POST /api/referrals/r1/verification-code/': {
        status: 200,
        body: { code: '730044', seconds_left: 60, expires_at: '2026-11-26T01:02:00Z' },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/referrals/r1');
    const panel = await screen.findByRole('region', { name: 'Verification code' });
    expect(await within(panel).findByText('482 913')).toBeDefined();
    expect(within(panel).getByText('Changes in 1 s')).toBeDefined();
    expect(await within(panel).findByText('105 377', undefined, { timeout: 4000 })).toBeDefined();

    await user.click(within(panel).getByRole('button', { name: 'New code' }));
    expect(await within(panel).findByText('730 044')).toBeDefined();
    expect(within(panel).getByText('Changes in 60 s')).toBeDefined();
    expect(api.callsTo('POST /api/referrals/r1/verification-code/')).toHaveLength(1);
  });

  it('shows no verification code to the receiver side or on a draft', async () => {
    const api = fakeApi({
      ...referralPageRoutes(receiverReferral),
      'POST /api/referrals/r1/view/': { status: 200, body: receiverReferral },
    });
    renderRoutes(routes, '/referrals/r1');
    expect(await screen.findByRole('link', { name: 'Triage' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Verification code' })).toBeNull();
    expect(api.callsTo('GET /api/referrals/r1/verification-code/')).toHaveLength(0);
  });
});
