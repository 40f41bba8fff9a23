import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LINK_SENT } from '@referrals/domain/external-access/external-access-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { writeAccessSession } from '../access-session-storage';
import { accessLinkFixture, externalReferralFixture } from '../external-access-fixtures';
import { ConsentPage } from './consent-page';
import { ExternalOriginPage } from './external-origin-page';
import { ExternalReferralPage } from './external-referral-page';

beforeAll(() => embedRuntimeConfig());

const LINK = 'GET /api/referrals/external/';

/** A tab that verified the link earlier: the pages open without asking. */
function verifiedTab(referral = externalReferralFixture()) {
  writeAccessSession('tok-1', { session: 'sess-1', expires_at: '2099-01-01T00:00:00Z' });
  return { [LINK]: { status: 200, body: accessLinkFixture({ referral }) } };
}

describe('the referral through its emailed link', () => {
  it('shows the status, the history, what else the link opens, and shares it by email', async () => {
    const api = fakeApi({
      ...verifiedTab(
        externalReferralFixture({
          appointment: { date: '2026-03-20T23:30:00Z', location: 'Level 2, 12 Pacific Hwy' },
          reports: [{ id: 'rep-1', title: 'Cardiology report', submitted_at: '2026-03-21T03:00:00Z' }],
        }),
      ),
      'POST /api/referrals/external/share/': { status: 202, body: { detail: LINK_SENT } },
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/referrals/external', element: <ExternalReferralPage /> }],
      '/referrals/external?access=tok-1',
    );

    expect(await screen.findByText('To North Shore Heart Clinic')).toBeDefined();
    const progress = screen.getByRole('region', { name: 'Where it is up to' });
    expect(within(progress).getAllByText('Accepted').length).toBeGreaterThan(0);
    expect(within(progress).getByText(/Level 2, 12 Pacific Hwy/)).toBeDefined();
    const history = within(progress).getByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Accepted3 Mar 2026', 'Sent2 Mar 2026']);
    const nav = screen.getByRole('navigation', { name: 'This referral' });
    expect(within(nav).getByRole('link', { name: 'Referral' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Consent form' }).getAttribute('href')).toBe(
      '/referrals/consent?access=tok-1',
    );
    expect(within(nav).getByRole('link', { name: 'Reports (1)' })).toBeDefined();
    expect(screen.getByText('Waiting for the signed form')).toBeDefined();
    // The letter prints the referrer's contact, which this referral hides from the patient.
    expect(screen.queryByRole('button', { name: /referral letter/ })).toBeNull();

    const share = screen.getByRole('region', { name: 'Share by email' });
    await user.type(within(share).getByRole('textbox', { name: 'Their email address' }), 'Sam@Example.com');
    await user.click(within(share).getByRole('button', { name: 'Send a link' }));
    expect((await within(share).findByRole('status')).textContent).toContain(LINK_SENT);
    const call = api.callsTo('POST /api/referrals/external/share/')[0];
    expect(call?.body).toEqual({ email: 'sam@example.com' });
    expect(call?.headers['x-access-session']).toBe('sess-1');
  });
});

describe('the consent form through its emailed link', () => {
  it('refuses a file that is not a PDF or an image before sending, then sends the signed copy', async () => {
    const api = fakeApi({
      ...verifiedTab(),
      'PUT /api/public/referrals/consent/': {
        status: 201,
        body: {
          id: 'att-1',
          kind: 'patient',
          original_name: 'signed.pdf',
          content_type: 'application/pdf',
          size: 2048,
          note: null,
          is_consent_form: true,
          created_at: '2026-03-04T00:00:00Z',
        },
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(
      [{ path: '/referrals/consent', element: <ConsentPage /> }],
      '/referrals/consent?access=tok-1',
    );
    expect(await screen.findByRole('button', { name: 'Download the consent form (PDF)' })).toBeDefined();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'notes.docx', { type: 'application/msword' }));
    expect(await screen.findByText('notes.docx is not a file type this form accepts.')).toBeDefined();
    await user.upload(input, new File(['%PDF-1.4'], 'signed.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload signed form' }));
    expect((await screen.findByRole('status')).textContent).toContain('signed.pdf was sent to the clinic');
    const put = api.callsTo('PUT /api/public/referrals/consent/')[0];
    expect(put?.search).toBe('?access=tok-1');
    expect(put?.headers['x-access-session']).toBe('sess-1');
  });
});

describe('from an access link into the app', () => {
  const routes = [
    { path: '/referrals/external-origin', element: <ExternalOriginPage /> },
    landing('/referrals/:id', 'The referral in the app'),
  ];

  it('goes to the referral when the signed-in person may see it', async () => {
    fakeApi({ 'GET /api/referrals/external-origin/': { status: 200, body: { referral: { id: 'ref-9' } } } });
    const { router } = renderRoutes(routes, '/referrals/external-origin?token=tok-1');
    expect(await screen.findByText('The referral in the app')).toBeDefined();
    expect(router.state.location.pathname).toBe('/referrals/ref-9');
  });

  it('says so when they may not, and offers the link’s own way', async () => {
    fakeApi({ 'GET /api/referrals/external-origin/': { status: 404, body: { detail: 'Not found.' } } });
    renderRoutes(routes, '/referrals/external-origin?token=tok-1');
    expect(
      await screen.findByRole('heading', { name: 'You cannot open this referral in the app' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Open it with the link instead' }).getAttribute('href')).toBe(
      '/referrals/external?access=tok-1',
    );
  });
});
