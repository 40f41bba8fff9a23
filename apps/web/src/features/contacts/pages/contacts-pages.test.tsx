import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { DoctorEntry } from '@referrals/domain/directory/doctor-schemas';
import { roles } from '@referrals/domain/people/people-codes';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { ContactDetailPage } from './contact-detail-page';
import { ContactsPage } from './contacts-page';
import { CreateContactPage } from './create-contact-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const DIRECTORY = '/api/directory/harbourside/doctors/';

const routes = [
  { path: '/contacts', element: <ContactsPage /> },
  { path: '/contacts/create', element: <CreateContactPage /> },
  { path: '/contacts/:id', element: <ContactDetailPage /> },
];

const profile = profileFixture({
  registration_completed: true,
  role: roles.coded('GP'),
  employments: [employmentFixture('harbourside', 1, 'PR')],
  current_establishment: 'harbourside',
});

function contact(id: string, first: string, overrides: Partial<DoctorEntry> = {}): DoctorEntry {
  return {
    id,
    establishment: 'harbourside',
    title: null,
    first_name: first,
    last_name: 'Walsh',
    provider_type: null,
    provider_num_list: [],
    practice_name: 'Bondi Physio',
    email: `${first.toLowerCase()}@physio.example`,
    phone1: '0412 345 678',
    address1: null,
    city: 'Bondi',
    state: 'NSW',
    postcode: '2026',
    role: { value: 'HCP', display: 'Other health professional' },
    department_name: null,
    can_edit: true,
    ...overrides,
  };
}

const page = (results: DoctorEntry[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

describe('Contacts, the Other HCPs (spec section 2 /contacts/)', () => {
  it('lists the current establishment’s HCPs 10 a page and searches by keyword', async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      [`GET ${DIRECTORY}`]: () => {
        const last = api.calls.at(-1)?.search ?? '';
        if (last.includes('keyword=Kim')) return { status: 200, body: page([contact('k1', 'Kim')]) };
        if (last.includes('page=2')) return { status: 200, body: page([contact('z1', 'Zoe')], 12) };
        return { status: 200, body: page([contact('n1', 'Nora'), contact('o1', 'Olga')], 12) };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/contacts');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Nora Walsh' }).getAttribute('href')).toBe('/contacts/n1');
    expect(api.callsTo(`GET ${DIRECTORY}`)[0]?.search).toBe('?role=HCP&page=1');

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'Zoe Walsh' })).toBeDefined();

    await user.type(screen.getByLabelText('Search health professionals'), 'Kim');
    expect(await screen.findByRole('link', { name: 'Kim Walsh' })).toBeDefined();
    expect(api.callsTo(`GET ${DIRECTORY}`).at(-1)?.search).toBe('?role=HCP&page=1&keyword=Kim');
  });

  it('creates a contact as role HCP and opens it', async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      [`POST ${DIRECTORY}`]: { status: 201, body: contact('new1', 'Nora') },
      [`GET ${DIRECTORY}new1/`]: { status: 200, body: contact('new1', 'Nora') },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes([...routes, landing('/contacts/new1')], '/contacts/create');

    await user.type(await screen.findByLabelText(/First name/), 'Nora');
    await user.type(screen.getByLabelText(/Last name/), 'Walsh');
    await user.type(screen.getByLabelText('Postcode'), '2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/new1'));
    expect(api.callsTo(`POST ${DIRECTORY}`)[0]?.body).toMatchObject({
      first_name: 'Nora',
      last_name: 'Walsh',
      role: 'HCP',
      state: 'NSW',
      postcode: '2026',
      email: null,
      provider_num_list: [],
    });
  });

  it('checks the form before sending, and shows the server’s 400 field errors on their fields', async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      [`POST ${DIRECTORY}`]: {
        status: 400,
        body: {
          email: ['This email address is not accepted.'],
          non_field_errors: ['Something else is wrong.'],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/contacts/create');

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(api.callsTo(`POST ${DIRECTORY}`)).toHaveLength(0);

    await user.type(screen.getByLabelText(/First name/), 'Nora');
    await user.type(screen.getByLabelText(/Last name/), 'Walsh');
    await user.type(screen.getByLabelText('Email'), 'nora@physio.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This email address is not accepted.')).toBeDefined();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Something else is wrong.');
  });

  it('edits a contact, and deletes it only after confirming', async () => {
    let nora = contact('n1', 'Nora');
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      [`GET ${DIRECTORY}n1/`]: () => ({ status: 200, body: nora }),
      [`PUT ${DIRECTORY}n1/`]: (body) => {
        nora = {
          ...nora,
          ...(body as Partial<DoctorEntry>),
          role: nora.role,
          title: null,
          provider_type: null,
        };
        return { status: 200, body: nora };
      },
      [`DELETE ${DIRECTORY}n1/`]: { status: 204 },
      [`GET ${DIRECTORY}`]: { status: 200, body: page([]) },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/contacts/n1');

    expect(await screen.findByRole('heading', { name: 'Nora Walsh' })).toBeDefined();
    const practice = screen.getByLabelText('Practice name');
    await user.clear(practice);
    await user.type(practice, 'Coogee Physio');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT ${DIRECTORY}n1/`)[0]?.body).toMatchObject({ practice_name: 'Coogee Physio' }),
    );
    expect(await screen.findByText('Nora Walsh was saved.')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Nora Walsh?' });
    expect(api.callsTo(`DELETE ${DIRECTORY}n1/`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(api.callsTo(`DELETE ${DIRECTORY}n1/`)).toHaveLength(1);
  });

  it('shows a not-found state for a missing contact or another establishment’s', async () => {
    fakeApi({
      'GET /api/profile/': { status: 200, body: profile },
      [`GET ${DIRECTORY}gone/`]: { status: 404, body: { detail: 'Not found.' } },
    });
    renderRoutes(routes, '/contacts/gone');
    expect(await screen.findByRole('heading', { name: 'Health professional not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Other HCPs' }).getAttribute('href')).toBe('/contacts');
  });
});
