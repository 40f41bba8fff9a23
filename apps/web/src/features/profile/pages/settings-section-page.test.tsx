import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roles } from '@referrals/domain/people/people-codes';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { SettingsSectionPage } from './settings-section-page';

beforeAll(() => embedRuntimeConfig());

const gp = (): Profile =>
  profileFixture({
    registration_completed: true,
    phone: '0412 345 678',
    role: roles.coded('GP'),
    ahpra_num: 'MED0001234599',
    provider_num_list: ['2426621B', '2940975J'],
    default_provider_num: '2426621B',
    default_provider_num_type: 'PROVIDER_NUMBER',
    employments: [employmentFixture('harbourside', 1, 'PR')],
  });

describe('Settings, medical registration: removing a provider number', () => {
  it('removes the default number, makes the next one the default and saves the list', async () => {
    let stored = gp();
    const api = fakeApi({
      'GET /api/profile/': () => ({ status: 200, body: stored }),
      'PUT /api/profile/': { status: 200, body: stored },
      'PATCH /api/profile/': (body) => {
        stored = { ...stored, ...(body as Partial<Profile>), version: stored.version + 1 };
        return { status: 200, body: stored };
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/settings/:type', element: <SettingsSectionPage /> }],
      '/settings/medical-registration',
    );

    const items = async () => (await screen.findAllByRole('listitem')).map((item) => item.textContent);
    expect(await items()).toEqual(['2426621BDefaultRemove', '2940975JRemove']);
    await user.click(screen.getByRole('button', { name: 'Remove provider number 2426621B' }));
    expect(await items()).toEqual(['2940975JDefaultRemove']);
    expect(screen.getByRole('status').textContent).toBe('2426621B is removed when you save.');

    await user.click(screen.getByRole('button', { name: 'Save medical registration' }));
    const [saved] = api.callsTo('PATCH /api/profile/');
    expect(saved?.body).toMatchObject({
      provider_num_list: ['2940975J'],
      default_provider_num: '2940975J',
      default_provider_num_type: 'PROVIDER_NUMBER',
    });
    // After the save the form shows the stored list, with nothing pending.
    expect(await screen.findByText('Your medical registration was saved.')).toBeDefined();
    expect(screen.queryByText(/removed when you save/)).toBeNull();
  });
});

describe('Settings, medical registration: an allied health professional', () => {
  it('may give an AHPRA number, which is saved', async () => {
    let stored = profileFixture({
      registration_completed: true,
      phone: '0412 345 678',
      role: roles.coded('GPP'),
      sub_role: 'AH',
      profession: 'Physiotherapy',
      no_ahpra_and_professional_association: true,
      employments: [employmentFixture('harbourside', 1, 'PR')],
    });
    const api = fakeApi({
      'GET /api/profile/': () => ({ status: 200, body: stored }),
      'PUT /api/profile/': { status: 200, body: stored },
      'PATCH /api/profile/': (body) => {
        stored = { ...stored, ...(body as Partial<Profile>), version: stored.version + 1 };
        return { status: 200, body: stored };
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/settings/:type', element: <SettingsSectionPage /> }],
      '/settings/medical-registration',
    );

    const ahpra = await screen.findByRole('textbox', { name: 'AHPRA registration number' });
    expect(ahpra.hasAttribute('required')).toBe(false);
    await user.type(ahpra, 'PHY0001234567');
    await user.click(screen.getByRole('button', { name: 'Save medical registration' }));
    expect(await screen.findByText('Your medical registration was saved.')).toBeDefined();
    expect(api.callsTo('PATCH /api/profile/')[0]?.body).toMatchObject({
      ahpra_num: 'PHY0001234567',
      no_ahpra_and_professional_association: false,
    });
  });
});
