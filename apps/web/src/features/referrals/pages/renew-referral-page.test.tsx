import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { referralFixture } from '../flows/referral-fixture';
import { RenewReferralPage } from './renew-referral-page';

beforeAll(() => embedRuntimeConfig());

const referral = referralFixture({ side: 'sender', status: { value: 'ACPT', display: 'Accepted' } });
const base = `/api/referrals/${referral.id}`;

describe('renewing a referral (spec sections 4 Actions, 5 Durations)', { timeout: 30_000 }, () => {
  it('checks the months with the domain rule, then dry-runs and renews', async () => {
    let answered = 0;
    const api = fakeApi({
      [`GET ${base}/`]: { status: 200, body: referral },
      [`PUT ${base}/renew/`]: () => {
        answered += 1;
        return answered === 1
          ? { status: 200, body: { valid: true } }
          : { status: 201, body: referralFixture({ id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b' }) };
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/referrals/:id/renew', element: <RenewReferralPage /> },
        landing('/referrals/:id', 'The referral page'),
      ],
      `/referrals/${referral.id}/renew`,
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Why and for how long' })).toBeDefined();
    await user.type(screen.getByLabelText(/Valid for/), '99');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required.')).toBeDefined();
    expect(screen.getByText('Enter a duration from 1 to 60 months.')).toBeDefined();
    await user.type(screen.getByLabelText(/Reason for renewal/), 'Ongoing heart failure care');
    await user.clear(screen.getByLabelText(/Valid for/));
    await user.type(screen.getByLabelText(/Valid for/), '6');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('6 months')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Renew referral' }));

    expect(await screen.findByText('The referral page')).toBeDefined();
    const calls = api.callsTo(`PUT ${base}/renew/`);
    expect(calls.map((call) => call.search)).toEqual(['?validate=true', '']);
    expect(calls[1]?.body).toEqual({ renewal_reason: 'Ongoing heart failure care', renewal_duration: 6 });
  });
});
