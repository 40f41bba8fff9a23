import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { PatientWrite } from '@referrals/domain/patients/patient-schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { patientFixture } from '../patient-fixtures';
import { CreatePatientPage } from './create-patient-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const routes = [
  { path: '/patients/create', element: <CreatePatientPage /> },
  landing('/patients/:id', 'Patient page'),
];

const TOGGLES = ['Identifiers', 'MRN', 'Population', 'Concession', 'Health fund', 'Carer or guardian'];

type User = ReturnType<typeof userEvent.setup>;

async function fillRequired(user: User) {
  await user.type(screen.getByLabelText(/^First name/), 'Margaret');
  await user.type(screen.getByLabelText(/^Last name/), 'Nguyen');
  await user.type(screen.getByLabelText(/^Date of birth/), '1948-03-07');
}

async function choose(user: User, within_: HTMLElement, label: RegExp, option: string) {
  await user.click(within(within_).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// Long forms typed key by key: more than the screens' default time on a busy machine.
describe('creating a patient (spec sections 3 Patient, 5 Patient save)', { timeout: 40_000 }, () => {
  it('starts with every toggle off, and each toggle shows its section', async () => {
    fakeApi({});
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/patients/create');

    for (const name of TOGGLES) {
      expect(screen.getByRole<HTMLInputElement>('switch', { name }).checked).toBe(false);
    }
    expect(screen.queryByLabelText('IHI')).toBeNull();
    expect(screen.queryByLabelText('Fund name', { exact: false })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Carer 1' })).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Identifiers' }));
    expect(screen.getByLabelText('IHI')).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'MRN' }));
    expect(screen.getByRole('textbox', { name: 'MRN' })).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'Population' }));
    expect(screen.getByLabelText('NDIS participant')).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'Concession' }));
    expect(screen.getByRole('group', { name: 'Concession card 1' })).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'Health fund' }));
    expect(screen.getByRole('group', { name: 'Health fund 1' })).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'Carer or guardian' }));
    const carer = screen.getByRole('group', { name: 'Carer 1' });
    expect(within(carer).getByText('Primary carer')).toBeDefined();
    // 'Address same as patient' hides the carer's own address until it is unticked.
    expect(within(carer).queryByLabelText('Suburb')).toBeNull();
    await user.click(within(carer).getByLabelText('Address same as patient'));
    expect(within(carer).getByLabelText('Suburb')).toBeDefined();

    // Titles and Aboriginal status exactly as section 3 lists them.
    await user.click(
      within(screen.getByRole('region', { name: 'Patient details' })).getByRole('combobox', {
        name: 'Title',
      }),
    );
    const titles = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(titles).toEqual([
      'A/Prof',
      'Capt',
      'Col',
      'Dr',
      'Grp Capt',
      'Hon',
      'M',
      'Major',
      'Miss',
      'Mr',
      'Mrs',
      'Ms',
      'Prof',
      'Rev',
      'Sgt',
      'Sir',
      'Sr',
    ]);
  });

  it('asks for first name, last name and date of birth before sending anything', async () => {
    const api = fakeApi({});
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/patients/create');

    await user.click(screen.getByRole('button', { name: 'Create patient' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    expect(api.calls).toHaveLength(0);
  });

  it('applies the save rules before sending: defaults, nulls, sections off, the carer keep-or-delete rule', async () => {
    const api = fakeApi({
      'POST /api/patients/': () => ({ status: 201, body: patientFixture({ id: 'p9' }) }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/patients/create');

    await fillRequired(user);
    // A concession card entered, then the section switched off: the list goes empty.
    await user.click(screen.getByRole('switch', { name: 'Concession' }));
    await user.type(screen.getByLabelText('Card number'), '123 456 789A');
    await user.click(screen.getByRole('switch', { name: 'Concession' }));
    // A primary carer, and an empty secondary one that is not saved.
    await user.click(screen.getByRole('switch', { name: 'Carer or guardian' }));
    const primary = screen.getByRole('group', { name: 'Carer 1' });
    await user.type(within(primary).getByLabelText(/^First name/), 'Linh');
    await user.type(within(primary).getByLabelText(/^Last name/), 'Nguyen');
    await user.click(screen.getByRole('button', { name: 'Add carer' }));
    expect(within(screen.getByRole('group', { name: 'Carer 2' })).getByText('Secondary carer')).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'MRN' }));
    await user.type(screen.getByRole('textbox', { name: 'MRN' }), 'HFM-0042');
    await user.click(screen.getByRole('button', { name: 'Create patient' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/patients/p9'));
    const body = api.callsTo('POST /api/patients/')[0]?.body as PatientWrite;
    expect(body).toMatchObject({
      first_name: 'Margaret',
      last_name: 'Nguyen',
      dob: '1948-03-07',
      title: 'DR',
      state: 'NSW',
      pref_contact_method: 'SMS',
      pub_insurance_type: 'MDCR',
      email: null,
      sex_nb_text: null,
      custom_gender: null,
      atsi: false,
      pp_other: false,
      concession_cards: [],
      health_funds: [],
      mrn: 'HFM-0042',
    });
    expect(body.carers).toHaveLength(1);
    expect(body.carers?.[0]).toMatchObject({
      carer_type: 1,
      first_name: 'Linh',
      address_same_as_patient: true,
    });
    expect(body).not.toHaveProperty('population_enabled');
    expect(body).not.toHaveProperty('identifiers_enabled');
  });

  it('sends Other insurance as Medicare without a reference number, and clears gender text for another sex', async () => {
    const api = fakeApi({
      'POST /api/patients/': () => ({ status: 201, body: patientFixture({ id: 'p9' }) }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/patients/create');

    await fillRequired(user);
    const form = screen.getByRole('form', { name: 'Patient' });
    await choose(user, form, /^Gender/, 'Other');
    await user.type(screen.getByLabelText('Gender, described as'), 'Agender');
    await choose(user, form, /^Gender/, 'Female');
    await user.type(screen.getByLabelText('IRN'), '2');
    await choose(user, form, /^Public insurance/, 'Other');
    await user.click(screen.getByRole('button', { name: 'Create patient' }));

    await waitFor(() => expect(api.callsTo('POST /api/patients/')).toHaveLength(1));
    expect(api.callsTo('POST /api/patients/')[0]?.body).toMatchObject({
      sex: 'F',
      custom_gender: null,
      pub_insurance_type: 'MDCR',
      medicare_ref_num: null,
    });
  });

  it("puts the server's field errors on the fields, nested per carer as the form holds them", async () => {
    fakeApi({
      'POST /api/patients/': {
        status: 400,
        body: {
          pub_insurance_details: ['Enter a valid 10-digit Medicare card number.'],
          // Sent: the primary carer and the third; the empty secondary between them was left out.
          carers: [{}, { email: ['Enter a valid email address.'] }],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/patients/create');

    await fillRequired(user);
    await user.type(screen.getByLabelText('Medicare number'), '2273766560');
    await user.click(screen.getByRole('switch', { name: 'Carer or guardian' }));
    const primary = screen.getByRole('group', { name: 'Carer 1' });
    await user.type(within(primary).getByLabelText(/^First name/), 'Linh');
    await user.type(within(primary).getByLabelText(/^Last name/), 'Nguyen');
    await user.click(screen.getByRole('button', { name: 'Add carer' }));
    await user.click(screen.getByRole('button', { name: 'Add carer' }));
    const third = screen.getByRole('group', { name: 'Carer 3' });
    expect(within(third).getByText('Other carer')).toBeDefined();
    await user.type(within(third).getByLabelText(/^First name/), 'Sam');
    await user.type(within(third).getByLabelText(/^Last name/), 'Lee');
    await user.type(within(third).getByLabelText('Email'), 'sam@bad');
    await user.click(screen.getByRole('button', { name: 'Create patient' }));

    expect(await screen.findByText('Enter a valid 10-digit Medicare card number.')).toBeDefined();
    expect(within(third).getByText('Enter a valid email address.')).toBeDefined();
    expect(within(primary).queryByText('Enter a valid email address.')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Check the highlighted fields');
    expect(router.state.location.pathname).toBe('/patients/create');
  });
});
