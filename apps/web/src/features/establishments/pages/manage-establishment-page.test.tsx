import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { establishmentTypes } from '@referrals/domain/establishments/establishment-codes';
import { POSTCODE_MESSAGE } from '@referrals/domain/establishments/establishment-schemas';
import { SENDER_DOMAIN_MESSAGE } from '@referrals/domain/imports/intake-domains';
import { PORTAL_COLOUR_MESSAGE, type PortalSettings } from '@referrals/domain/portals/portal-schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { establishmentFixture } from '@/test/establishment-fixture';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { ManageEstablishmentPage } from './manage-establishment-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

// The schema the form checks with takes a hospital's id as a UUID, as the server gives it.
const ROYAL = '7d0c2a38-5d8f-4a52-9f0e-0b7a4b3f9c11';

const routes = [
  { path: '/settings/establishments/:id', element: <ManageEstablishmentPage /> },
  landing('/settings/establishments', 'Settings establishments'),
];

const bayside = establishmentFixture('bayside', 'Bayside Family Clinic', {
  can_edit: true,
  can_delete: true,
  is_approved: false,
  is_verified: false,
  services: ['ADULT'],
});

describe('managing an establishment (spec sections 3 Establishment, 6 Rules, 7)', () => {
  it('saves the details and settings with PUT, keeping what the form does not show, and shows 400s on fields', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { postcode: [POSTCODE_MESSAGE] },
    };
    const api = fakeApi({
      'GET /api/establishments/bayside/': { status: 200, body: bayside },
      'PUT /api/establishments/bayside/': () => answer,
      'GET /api/profile/': { status: 200, body: {} },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/establishments/bayside');

    expect(await screen.findByRole('heading', { name: 'Bayside Family Clinic' })).toBeDefined();
    expect(screen.getByText('Waiting for approval')).toBeDefined();
    const form = screen.getByRole('form', { name: 'Details of Bayside Family Clinic' });
    await user.click(within(form).getByRole('switch', { name: /Case conferences/ }));
    await user.click(within(form).getByRole('switch', { name: /SMS/ }));
    await user.click(within(form).getByRole('switch', { name: /Digital medication orders/ }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(POSTCODE_MESSAGE)).toBeDefined();
    expect(api.callsTo('PUT /api/establishments/bayside/')[0]?.body).toMatchObject({
      name: 'Bayside Family Clinic',
      type: 'CL',
      case_conferences_enabled: true,
      sms_enabled: true,
      digital_ordering: true,
      accepts_advice_and_guidance: false,
      accepts_join_requests: true,
      services: ['ADULT'],
    });

    answer = { status: 200, body: { ...bayside, case_conferences_enabled: true, sms_enabled: true } };
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes to Bayside Family Clinic were saved.')).toBeDefined();
  });

  it('sets up referrals by mail: the domains it takes mail from, beside its intake address', async () => {
    const address = 'referrals+bayside-family-clinic@referrals.localhost';
    const withIntake = { ...bayside, intake_sender_domains: ['harbourside.com.au'], intake_address: address };
    const api = fakeApi({
      'GET /api/establishments/bayside/': { status: 200, body: withIntake },
      'PUT /api/establishments/bayside/': (body) => ({
        status: 200,
        body: {
          ...withIntake,
          intake_sender_domains: (body as { intake_sender_domains: string[] }).intake_sender_domains,
        },
      }),
      'GET /api/profile/': { status: 200, body: {} },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings/establishments/bayside');

    const group = await screen.findByRole('group', { name: 'Referrals by mail' });
    const intake = within(group).getByRole('textbox', { name: 'Intake address' });
    expect((intake as HTMLInputElement).value).toBe(address);
    expect(intake.hasAttribute('readonly')).toBe(true);
    const domains = within(group).getByRole('combobox', { name: 'Accept referral mail from these domains' });
    await user.type(domains, 'reception@faxmail.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await within(group).findByText(`reception@faxmail.example: ${SENDER_DOMAIN_MESSAGE}`),
    ).toBeDefined();
    expect(api.callsTo('PUT /api/establishments/bayside/')).toHaveLength(0);

    // Backspace in the empty input takes the last domain off, as in any tags field.
    await user.type(domains, '{Backspace}faxmail.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes to Bayside Family Clinic were saved.')).toBeDefined();
    expect(api.callsTo('PUT /api/establishments/bayside/')[0]?.body).toMatchObject({
      intake_sender_domains: ['harbourside.com.au', 'faxmail.example'],
    });
  });

  it('shows no referrals by mail where the server takes no mail', async () => {
    fakeApi({ 'GET /api/establishments/bayside/': { status: 200, body: bayside } });
    renderRoutes(routes, '/settings/establishments/bayside');
    expect(await screen.findByRole('form', { name: 'Details of Bayside Family Clinic' })).toBeDefined();
    expect(screen.queryByRole('group', { name: 'Referrals by mail' })).toBeNull();
    // Nor a portal section when the server gives no portal settings.
    expect(screen.queryByRole('group', { name: 'Public referral portal' })).toBeNull();
  });

  describe('the public referral portal (docs/portals.md, Settings)', () => {
    const url = 'http://localhost:3000/refer/bayside-family-clinic';
    const portal: PortalSettings = {
      enabled: false,
      sender_types: ['PATIENT', 'PROVIDER'],
      colour: null,
      intro: null,
      url,
    };

    it('publishes it for the senders chosen, in a colour with a welcome, then shows its address to open or copy', async () => {
      const withPortal = { ...bayside, portal };
      const api = fakeApi({
        'GET /api/establishments/bayside/': { status: 200, body: withPortal },
        'PUT /api/establishments/bayside/': (body) => ({
          status: 200,
          body: { ...withPortal, portal: { ...portal, ...(body as { portal: object }).portal } },
        }),
        'GET /api/profile/': { status: 200, body: {} },
      });
      const user = userEvent.setup();
      renderRoutes(routes, '/settings/establishments/bayside');

      const group = await screen.findByRole('group', { name: 'Public referral portal' });
      expect(within(group).queryByRole('group', { name: 'Portal address' })).toBeNull();
      await user.click(within(group).getByRole('switch', { name: /Publish the portal/ }));
      const pending = within(group).getByRole('group', { name: 'Portal address' });
      expect(within(pending).getByText('The portal opens at this address once you save.')).toBeDefined();

      await user.click(within(group).getByRole('checkbox', { name: 'Patients and carers' }));
      const colour = within(group).getByRole('textbox', { name: 'Colour' });
      await user.type(colour, 'teal');
      await user.type(
        within(group).getByRole('textbox', { name: 'Welcome' }),
        'Send us your heart referrals.',
      );
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await within(group).findByText(PORTAL_COLOUR_MESSAGE)).toBeDefined();
      expect(api.callsTo('PUT /api/establishments/bayside/')).toHaveLength(0);

      await user.clear(colour);
      await user.type(colour, '#0b7285');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Your changes to Bayside Family Clinic were saved.')).toBeDefined();
      expect(api.callsTo('PUT /api/establishments/bayside/')[0]?.body).toMatchObject({
        portal: {
          enabled: true,
          sender_types: ['PROVIDER'],
          colour: '#0b7285',
          intro: 'Send us your heart referrals.',
        },
      });

      const saved = await screen.findByRole('group', { name: 'Public referral portal' });
      const address = within(saved).getByRole('group', { name: 'Portal address' });
      expect(within(address).getByRole('link', { name: url }).getAttribute('href')).toBe(url);
      expect(within(address).queryByText(/once you save/)).toBeNull();
      await user.click(within(address).getByRole('button', { name: 'Copy the portal address' }));
      expect(await within(address).findByRole('button', { name: 'Portal address copied' })).toBeDefined();
      expect(await navigator.clipboard.readText()).toBe(url);
    });

    it('asks for at least one kind of sender, and shows the server’s refusal on the switch', async () => {
      const refusal = 'This establishment has no web address for a portal yet.';
      const api = fakeApi({
        'GET /api/establishments/bayside/': { status: 200, body: { ...bayside, portal } },
        'PUT /api/establishments/bayside/': { status: 400, body: { portal: { enabled: [refusal] } } },
      });
      const user = userEvent.setup();
      renderRoutes(routes, '/settings/establishments/bayside');
      const group = await screen.findByRole('group', { name: 'Public referral portal' });
      await user.click(within(group).getByRole('checkbox', { name: 'Patients and carers' }));
      await user.click(within(group).getByRole('checkbox', { name: 'Health professionals' }));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(
        await within(group).findByText('Choose who may send referrals through the portal.'),
      ).toBeDefined();
      expect(api.callsTo('PUT /api/establishments/bayside/')).toHaveLength(0);

      await user.click(within(group).getByRole('checkbox', { name: 'Health professionals' }));
      await user.click(within(group).getByRole('switch', { name: /Publish the portal/ }));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await within(group).findByText(refusal)).toBeDefined();
    });

    it('cannot be published by an establishment without a web address, and says why', async () => {
      fakeApi({
        'GET /api/establishments/bayside/': {
          status: 200,
          body: { ...bayside, portal: { ...portal, url: null } },
        },
      });
      renderRoutes(routes, '/settings/establishments/bayside');
      const group = await screen.findByRole('group', { name: 'Public referral portal' });
      const publish = within(group).getByRole('switch', {
        name: /Publish the portal/,
        description: /no web address for a portal yet/,
      });
      expect((publish as HTMLInputElement).disabled).toBe(true);
      expect(within(group).queryByRole('group', { name: 'Portal address' })).toBeNull();
    });
  });

  it('deletes it after confirming and goes back to Settings', async () => {
    const api = fakeApi({
      'GET /api/establishments/bayside/': { status: 200, body: bayside },
      'DELETE /api/establishments/bayside/': { status: 204 },
      'GET /api/profile/': { status: 200, body: {} },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/settings/establishments/bayside');
    await user.click(await screen.findByRole('button', { name: 'Delete establishment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bayside Family Clinic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo('DELETE /api/establishments/bayside/')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete establishment' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Bayside Family Clinic?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/establishments'));
    expect(api.callsTo('DELETE /api/establishments/bayside/')).toHaveLength(1);
  });

  it('offers no delete when can_delete is false, and no changes when can_edit is false', async () => {
    fakeApi({
      'GET /api/establishments/bayside/': { status: 200, body: { ...bayside, can_delete: false } },
      'GET /api/establishments/other/': {
        status: 200,
        body: establishmentFixture('other', 'North Shore Heart Clinic'),
      },
    });
    const first = renderRoutes(routes, '/settings/establishments/bayside');
    expect(await screen.findByText(/cannot be deleted while other staff/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Delete establishment' })).toBeNull();
    first.unmount();

    renderRoutes(routes, '/settings/establishments/other');
    expect(
      await screen.findByText('Only the account holder of North Shore Heart Clinic can change it.'),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('lists a hospital’s departments and adds one as a department of that hospital', async () => {
    const hospital = establishmentFixture(ROYAL, 'Royal Eastern Hospital', {
      type: establishmentTypes.coded('HL'),
      can_edit: true,
      departments: [
        {
          id: 'cardiology',
          name: 'Cardiology',
          email: null,
          website: null,
          description: null,
          hospital: { id: ROYAL, name: 'Royal Eastern Hospital' },
          type: establishmentTypes.coded('DT'),
          is_approved: true,
          is_verified: false,
          accepts_join_requests: true,
          digital_ordering: false,
          accepts_advice_and_guidance: false,
        },
      ],
    });
    const api = fakeApi({
      [`GET /api/establishments/${ROYAL}/`]: { status: 200, body: hospital },
      'POST /api/establishments/': {
        status: 201,
        body: establishmentFixture('renal', 'Renal', { type: establishmentTypes.coded('DT') }),
      },
      'GET /api/profile/': { status: 200, body: {} },
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/settings/establishments/${ROYAL}`);
    const departments = await screen.findByRole('region', { name: 'Departments' });
    expect(within(departments).getByRole('link', { name: 'Cardiology' })).toBeDefined();
    expect(within(departments).getByText('Not verified')).toBeDefined();

    await user.click(within(departments).getByRole('button', { name: 'Add a department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a department to Royal Eastern Hospital' });
    expect(within(dialog).queryByRole('combobox', { name: 'Type' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Renal');
    await user.click(within(dialog).getByRole('button', { name: 'Create department' }));
    await waitFor(() => expect(api.callsTo('POST /api/establishments/')).toHaveLength(1));
    expect(api.callsTo('POST /api/establishments/')[0]?.body).toMatchObject({
      name: 'Renal',
      type: 'DT',
      hospital_id: ROYAL,
    });
  });
});
