import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roles } from '@referrals/domain/people/people-codes';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { RegistrationWizardPage } from './registration-wizard-page';

beforeAll(() => embedRuntimeConfig());

const routes = [{ path: '/welcome/registration', element: <RegistrationWizardPage /> }, landing('/')];

/** A specialist who has saved pages 0 to 2 and skipped the signature, at a hospital and a practice. */
function specialist(overrides: Partial<Profile> = {}): Profile {
  return profileFixture({
    phone: '0412 345 678',
    role: roles.coded('SP'),
    ahpra_num: 'MED0001234599',
    permissions: ['manage_referral', 'add_referral', 'accept_referral'],
    employments: [
      employmentFixture('royal-eastern', 1, 'HL', 'UNVERIFIED'),
      employmentFixture('harbourside', 2, 'PR', 'UNVERIFIED'),
    ],
    ...overrides,
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('registration pages 4 to 6 (spec section 2 Registration wizard)', () => {
  it('asks a hospital specialist for special access, then notifications, then reviews and finishes', async () => {
    let stored = specialist();
    const api = fakeApi({
      'GET /api/profile/': () => ({ status: 200, body: stored }),
      'PUT /api/profile/special-access/': (body) => {
        const answers = body as { employment_id: string; head_of_department_requested: boolean }[];
        stored = {
          ...stored,
          employments: stored.employments.map((e) => ({
            ...e,
            ...answers.find((a) => a.employment_id === e.id),
          })),
          version: stored.version + 1,
        };
        return { status: 200, body: stored };
      },
      'PUT /api/profile/': { status: 200, body: stored },
      'PATCH /api/profile/': (body) => {
        stored = { ...stored, ...(body as Partial<Profile>), version: stored.version + 1 };
        return { status: 200, body: stored };
      },
      'POST /api/profile/register/': () => {
        stored = { ...stored, registration_completed: true };
        return { status: 202, body: { detail: 'Registration complete.' } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/welcome/registration');

    // The wizard resumes at the signature, skipped last time.
    expect(await heading('Signature')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));

    // Page 4: only the hospital is asked about, not the general practice.
    expect(await heading('Special access')).toBeDefined();
    expect(screen.getByRole('heading', { level: 3, name: 'Establishment royal-eastern' })).toBeDefined();
    expect(screen.queryByRole('heading', { level: 3, name: 'Establishment harbourside' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /I am the head of department/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(api.callsTo('PUT /api/profile/special-access/')[0]?.body).toEqual([
      {
        employment_id: 'employment-royal-eastern',
        head_of_department_requested: true,
        special_access_requested: false,
      },
    ]);

    // Page 5: the email notifications the specialist's permissions allow.
    expect(await heading('Notifications')).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'An urgent referral is received' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(api.callsTo('PATCH /api/profile/')[0]?.body).toMatchObject({ email_urgent_referral: false });

    // Page 6: the review shows both pages' answers, and Finish makes the register call.
    expect(await heading('Review and finish')).toBeDefined();
    expect(screen.getByText('Head of department asked for')).toBeDefined();
    expect(screen.queryByText(/An urgent referral is received/)).toBeNull();
    expect(screen.getByText(/A referral I sent is viewed/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Finish registration' }));
    expect(await screen.findByText('Landed on /')).toBeDefined();
    expect(api.callsTo('POST /api/profile/register/')).toHaveLength(1);
  });

  it('skips special access for a user without a hospital or department, both ways', async () => {
    fakeApi({
      'GET /api/profile/': {
        status: 200,
        body: specialist({ employments: [employmentFixture('harbourside', 1, 'PR', 'UNVERIFIED')] }),
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/welcome/registration');
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await heading('Notifications')).toBeDefined();
    // The stepper does not list the page at all.
    expect(screen.queryByText('Special access')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Signature')).toBeDefined();
  });

  it("puts the register call's special-access error on page 4", async () => {
    const withSignature = specialist({ signature_image: '/api/profile/signature-image/' });
    fakeApi({
      'GET /api/profile/': { status: 200, body: withSignature },
      'GET /api/profile/signature-image/': { status: 404, body: { detail: 'Not found.' } },
      'POST /api/profile/register/': {
        status: 400,
        body: { employment_id: ['Head of department and special access apply only at hospitals.'] },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/welcome/registration');
    expect(await heading('Review and finish')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Finish registration' }));
    expect(await heading('Special access')).toBeDefined();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/apply only at hospitals/)).toBeDefined();
  });
});
