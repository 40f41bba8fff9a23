import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { referralFixture } from '../flows/referral-fixture';
import { RecallReferralPage } from './recall-referral-page';

beforeAll(() => embedRuntimeConfig());

const referral = referralFixture({ side: 'sender', allowed_actions: ['recall'] });
const base = `/api/referrals/${referral.id}`;

describe('recalling a referral (spec sections 4 Other flows, 5 Recall)', { timeout: 30_000 }, () => {
  it('has three pages and shows the 409 of a referral that moved on meanwhile', async () => {
    const detail = 'This referral is Returned now; it cannot be recalled.';
    const api = fakeApi({
      [`GET ${base}/`]: { status: 200, body: referral },
      [`PUT ${base}/recall/`]: { status: 409, body: { detail } },
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/referrals/:id/recall', element: <RecallReferralPage /> }, landing('/referrals/:id')],
      `/referrals/${referral.id}/recall`,
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Why are you recalling it?' })).toBeDefined();
    for (const step of ['Reason', 'Message', 'Confirm']) expect(screen.getByText(step)).toBeDefined();
    await user.click(screen.getByRole('combobox', { name: /Reason for recall/ }));
    await user.click(await screen.findByRole('option', { name: 'Information to add' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Information to add')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Recall referral' }));

    expect((await screen.findByRole('alert')).textContent).toContain(detail);
    // Only the dry run went out: nothing is committed after a 409.
    expect(api.callsTo(`PUT ${base}/recall/`).map((call) => call.search)).toEqual(['?validate=true']);
  });
});
