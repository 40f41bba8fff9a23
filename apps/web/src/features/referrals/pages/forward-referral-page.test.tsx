import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { establishmentFixture } from '@/test/establishment-fixture';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { referralFixture } from '../flows/referral-fixture';
import { ForwardReferralPage } from './forward-referral-page';

beforeAll(() => embedRuntimeConfig());

const referral = referralFixture({ status: { value: 'ACPT', display: 'Accepted' } });
const base = `/api/referrals/${referral.id}`;
const hospitalId = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
const cardiologistId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const hospital = {
  ...establishmentFixture('royal-eastern', 'Royal Eastern Hospital', {
    type: { value: 'HL', display: 'Hospital' },
  }),
  id: hospitalId,
  doctors: [{ id: cardiologistId, title: 'DR', first_name: 'Aisha', last_name: 'Rahman', role: 'SP' }],
};

describe('forwarding a referral (spec sections 4 Other flows, 5 Forward)', { timeout: 30_000 }, () => {
  it("offers the receiver's doctors and puts the dry run's receiver error back on page 1", async () => {
    const api = fakeApi({
      [`GET ${base}/`]: { status: 200, body: referral },
      'GET /api/establishments/': {
        status: 200,
        body: { count: 1, next: null, previous: null, results: [hospital] },
      },
      [`PUT ${base}/forward/`]: {
        status: 400,
        body: { forwarded_assignee: ['This doctor does not work at the receiving establishment.'] },
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/referrals/:id/forward', element: <ForwardReferralPage /> }, landing('/referrals/:id')],
      `/referrals/${referral.id}/forward`,
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Where to forward it' })).toBeDefined();
    await user.type(screen.getByRole('combobox', { name: /New receiver/ }), 'Royal');
    await user.click(await screen.findByRole('option', { name: 'Royal Eastern Hospital' }));
    await user.click(screen.getByRole('combobox', { name: /Named specialist/ }));
    await user.click(await screen.findByRole('option', { name: 'DR Aisha Rahman' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Why are you forwarding it?' }),
    ).toBeDefined();
    await user.click(screen.getByRole('combobox', { name: /Reason for forwarding/ }));
    await user.click(await screen.findByRole('option', { name: 'Shorter waiting time' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Royal Eastern Hospital')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Forward referral' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Where to forward it' })).toBeDefined();
    expect(screen.getByText('This doctor does not work at the receiving establishment.')).toBeDefined();
    const calls = api.callsTo(`PUT ${base}/forward/`);
    expect(calls.map((call) => call.search)).toEqual(['?validate=true']);
    expect(calls[0]?.body).toMatchObject({
      forwarded_to_establishment: hospitalId,
      forwarded_assignee: cardiologistId,
      forwarded_reason: 'SHORTER_WAIT',
    });
  });
});
