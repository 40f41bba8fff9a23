import { notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { establishmentFixture } from '@/test/establishment-fixture';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { referralFixture } from '../flows/referral-fixture';
import { TriageReferralPage } from './triage-referral-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const referral = referralFixture();
const base = `/api/referrals/${referral.id}`;
const routes = [
  { path: '/referrals/:id/triage', element: <TriageReferralPage /> },
  landing('/referrals/:id', 'The referral page'),
];
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

function start(routesAnswers: Parameters<typeof fakeApi>[0] = {}, shown = referral) {
  const api = fakeApi({ [`GET ${base}/`]: { status: 200, body: shown }, ...routesAnswers });
  const view = renderRoutes(routes, `/referrals/${referral.id}/triage`);
  return { api, ...view };
}

// Five pages clicked through: more than the default time on a busy machine.
describe('the receiver triage flow (spec section 4 Receiver triage flow)', { timeout: 30_000 }, () => {
  it('goes through the five pages in order, keeps what was typed on Back, then dry-runs and schedules', async () => {
    const answer = {
      status: 200,
      body: referralFixture({ status: { value: 'SCHDL', display: 'Scheduled' } }),
    };
    const { api, router } = start({ [`PUT ${base}/schedule/`]: answer });
    const user = userEvent.setup();

    expect(await heading('Triage details')).toBeDefined();
    expect(screen.getByText('Evelyn Castellanos')).toBeDefined();
    expect(screen.getByText('Dr James Chen')).toBeDefined();
    await user.type(screen.getByLabelText('Wait time'), '4 weeks');
    await next();

    expect(await heading('Scheduling')).toBeDefined();
    // No appointment: the domain schema's message, on this page.
    await next();
    expect(await screen.findByText('This field is required.')).toBeDefined();
    fireEvent.change(screen.getByLabelText(/Appointment date and time/), {
      target: { value: '2026-12-01T09:30' },
    });
    // Changing the value takes its message away until the next check.
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.type(screen.getByLabelText('Location'), 'Consulting room 3');
    await next();

    expect(await heading('Message to the referrer')).toBeDefined();
    await user.type(screen.getByLabelText('Message'), 'Bring the recent ECG.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Scheduling')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('Consulting room 3');
    await next();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('Bring the recent ECG.');
    await next();

    expect(await heading('Notifications')).toBeDefined();
    await next();
    expect(await heading('Check and confirm')).toBeDefined();
    expect(screen.getByText('Bring the recent ECG.')).toBeDefined();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Schedule appointment' }));

    expect(await screen.findByText('The referral page')).toBeDefined();
    expect(router.state.location.pathname).toBe(`/referrals/${referral.id}`);
    const calls = api.callsTo(`PUT ${base}/schedule/`);
    expect(calls.map((call) => call.search)).toEqual(['?validate=true', '']);
    expect(calls[1]?.body).toMatchObject({
      triage_waittime: '4 weeks',
      appointment_date: new Date('2026-12-01T09:30').toISOString(),
      appointment_location: 'Consulting room 3',
      receiver_message: 'Bring the recent ECG.',
    });
    expect(await screen.findByText('Referral scheduled')).toBeDefined();
  });

  it('skips scheduling to the notifications and accepts instead, with the service chosen', async () => {
    const { api } = start({ [`PUT ${base}/accept/`]: { status: 200, body: referral } });
    const user = userEvent.setup();
    await heading('Triage details');
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await next();
    // Other asks for its text, as the domain's schema requires, before the page moves on.
    const other = await screen.findByRole('textbox', { name: /Other service/ });
    expect(other.getAttribute('aria-invalid')).toBe('true');
    await user.type(other, 'Falls clinic');
    await next();
    await heading('Scheduling');
    await user.click(screen.getByRole('button', { name: 'Skip scheduling' }));

    // Page 2 skipped to page 4: the message page is passed over, both ways.
    expect(await heading('Notifications')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Scheduling')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Skip scheduling' }));
    await heading('Notifications');
    await next();
    await heading('Check and confirm');
    await user.click(screen.getByRole('button', { name: 'Accept referral' }));

    expect(await screen.findByText('The referral page')).toBeDefined();
    const accepts = api.callsTo(`PUT ${base}/accept/`);
    expect(accepts.map((call) => call.search)).toEqual(['?validate=true', '']);
    expect(accepts.at(-1)?.body).toMatchObject({ service_note: 'OTHER', service_note_other: 'Falls clinic' });
    expect(api.callsTo(`PUT ${base}/schedule/`)).toEqual([]);
  });

  it("shows the dry run's field error on the page that owns it and does not commit", async () => {
    const unassigned = referralFixture({ assignee: null });
    const { api } = start(
      {
        [`PUT ${base}/accept/`]: { status: 400, body: { assignee: ['This field is required.'] } },
      },
      unassigned,
    );
    const user = userEvent.setup();
    await heading('Triage details');
    await next();
    await heading('Scheduling');
    await user.click(screen.getByRole('button', { name: 'Skip scheduling' }));
    await heading('Notifications');
    await next();
    await heading('Check and confirm');
    await user.click(screen.getByRole('button', { name: 'Accept referral' }));

    // Back on page 1, where the assignee is.
    expect(await heading('Triage details')).toBeDefined();
    expect(screen.getByText('This field is required.')).toBeDefined();
    expect(api.callsTo(`PUT ${base}/accept/`).map((call) => call.search)).toEqual(['?validate=true']);
  });

  it('offers the receiving establishment’s doctors as the assignee and sends the one chosen', async () => {
    const unassigned = referralFixture({ assignee: null });
    const clinic = unassigned.to_establishment?.id ?? '';
    const { api } = start(
      {
        [`GET /api/establishments/${clinic}/`]: {
          status: 200,
          body: establishmentFixture(clinic, 'North Shore Heart Clinic', {
            doctors: [
              {
                id: '3c1f0a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
                title: 'DR',
                first_name: 'Amara',
                last_name: 'Osei',
                role: 'SP',
              },
            ],
          }),
        },
        [`PUT ${base}/accept/`]: {
          status: 200,
          body: referralFixture({ status: { value: 'ACPT', display: 'Accepted' } }),
        },
      },
      unassigned,
    );
    const user = userEvent.setup();
    await heading('Triage details');
    await user.click(screen.getByRole('combobox', { name: /Assignee/ }));
    await user.click(await screen.findByRole('option', { name: 'Dr Amara Osei' }));
    expect(api.callsTo(`GET /api/establishments/${clinic}/`)[0]?.search).toBe('?include_doctors=true');
    await next();
    await heading('Scheduling');
    await user.click(screen.getByRole('button', { name: 'Skip scheduling' }));
    await heading('Notifications');
    await next();
    await heading('Check and confirm');
    await user.click(screen.getByRole('button', { name: 'Accept referral' }));
    expect(await screen.findByText('The referral page')).toBeDefined();
    expect(api.callsTo(`PUT ${base}/accept/`)[1]?.body).toMatchObject({
      assignee: '3c1f0a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    });
  });

  it("shows the server's words when the referral's status changed meanwhile (409)", async () => {
    const detail = 'This referral is Returned now; it cannot be accepted.';
    start({ [`PUT ${base}/accept/`]: { status: 409, body: { detail } } });
    const user = userEvent.setup();
    await heading('Triage details');
    await next();
    await heading('Scheduling');
    await user.click(screen.getByRole('button', { name: 'Skip scheduling' }));
    await heading('Notifications');
    await next();
    await heading('Check and confirm');
    await user.click(screen.getByRole('button', { name: 'Accept referral' }));

    expect((await screen.findByRole('alert')).textContent).toContain(detail);
    expect(screen.getByRole('heading', { level: 2, name: 'Check and confirm' })).toBeDefined();
  });
});
