import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import type { EmploymentInvitation } from '@referrals/domain/people/employment-schemas';
import { employmentStatuses, roles, type EmploymentStatus } from '@referrals/domain/people/people-codes';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { ReviewInvitePage } from './review-invite-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString();

function invitation(status: EmploymentStatus = 'INVITED', overrides: Partial<EmploymentInvitation> = {}) {
  return {
    id: 'e1',
    status: employmentStatuses.coded(status),
    establishment: {
      id: 'harbourside',
      name: 'Harbourside Family Medical Practice',
      type: establishmentTypes.coded('PR'),
      address1: '12 Wharf Road',
      city: 'Balmain',
      state: 'NSW' as const,
      postcode: '2041',
    },
    invited_by: "Karen O'Brien",
    invite_expires_at: inAWeek,
    priority_on_accept: 2 as const,
    ...overrides,
  } satisfies EmploymentInvitation;
}

const profile = profileFixture({ registration_completed: true, role: roles.coded('GP') });
const render = () =>
  renderRoutes([{ path: '/review-invite/:id', element: <ReviewInvitePage /> }], '/review-invite/e1');

describe('Review Employment Invite (spec section 2)', () => {
  it('shows the establishment, who invited and the expiry, and accepts', async () => {
    let stored = invitation();
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      'GET /api/profile/employments/e1/': () => ({ status: 200, body: stored }),
      'POST /api/profile/employments/e1/accept/': () => {
        stored = invitation('APPROVED');
        return { status: 200, body: {} };
      },
    });
    const user = userEvent.setup();
    render();

    expect(
      await screen.findByRole('heading', { name: 'Join Harbourside Family Medical Practice?' }),
    ).toBeDefined();
    expect(screen.getByText(/Karen O'Brien invited you/)).toBeDefined();
    expect(screen.getByText('12 Wharf Road, Balmain, NSW 2041')).toBeDefined();
    expect(screen.getByText(/your secondary establishment/)).toBeDefined();
    const expiry = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(inAWeek));
    expect(screen.getByText(expiry)).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Invitation accepted' })).toBeDefined();
    expect(api.callsTo('POST /api/profile/employments/e1/accept/')).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Switch to Harbourside Family Medical Practice' }),
    ).toBeDefined();
  });

  it('declines', async () => {
    let stored = invitation();
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      'GET /api/profile/employments/e1/': () => ({ status: 200, body: stored }),
      'POST /api/profile/employments/e1/decline/': () => {
        stored = invitation('DECLINED');
        return { status: 200, body: {} };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'Invitation declined' })).toBeDefined();
    expect(api.callsTo('POST /api/profile/employments/e1/decline/')).toHaveLength(1);
  });

  it('shows an expired invitation as expired, whether the server or the date says so', async () => {
    fakeApi({ 'GET /api/profile/employments/e1/': { status: 200, body: invitation('INVITE_EXPIRED') } });
    const first = render();
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    first.unmount();

    const past = new Date(Date.now() - 60_000).toISOString();
    fakeApi({
      'GET /api/profile/employments/e1/': {
        status: 200,
        body: invitation('INVITED', { invite_expires_at: past }),
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeDefined();
  });

  it('turns into the expired state when accepting finds it expired (409)', async () => {
    let stored = invitation();
    fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      'GET /api/profile/employments/e1/': () => ({ status: 200, body: stored }),
      'POST /api/profile/employments/e1/accept/': () => {
        stored = invitation('INVITE_EXPIRED');
        return { status: 409, body: { detail: 'This employment is invite expired and cannot be accepted.' } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeDefined();
  });

  it("keeps the invitation open with the server's reason when it refuses otherwise", async () => {
    const message =
      'Please verify your email address before you answer this invitation: open the link in the email we sent you.';
    fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      'GET /api/profile/employments/e1/': { status: 200, body: invitation() },
      'POST /api/profile/employments/e1/accept/': { status: 409, body: { detail: message } },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDefined();
  });

  it('shows an answered invitation as answered', async () => {
    fakeApi({ 'GET /api/profile/employments/e1/': { status: 200, body: invitation('REVOKED') } });
    render();
    expect(await screen.findByRole('heading', { name: 'Invitation withdrawn' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('cannot accept without a free place, and says why', async () => {
    fakeApi({
      'GET /api/profile/employments/e1/': {
        status: 200,
        body: invitation('INVITED', { priority_on_accept: null }),
      },
    });
    render();
    const accept = await screen.findByRole('button', { name: 'Accept' });
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/already have a primary and a secondary/)).toBeDefined();
  });

  it('shows the not-found state for an invitation that is not the user’s', async () => {
    fakeApi({ 'GET /api/profile/employments/e1/': { status: 404, body: { detail: 'Not found.' } } });
    render();
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeDefined();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to Settings' })).toBeDefined());
  });
});
