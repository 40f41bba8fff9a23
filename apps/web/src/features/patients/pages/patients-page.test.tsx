import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientSummary } from '@referrals/domain/patients/patient-schemas';
import { roles } from '@referrals/domain/people/people-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { employmentFixture, profileFixture } from '@/lib/profile-fixtures';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, landing, renderRoutes } from '@/test/render-screen';
import { patientSummaryFixture } from '../patient-fixtures';
import { PatientsPage } from './patients-page';

beforeAll(() => embedRuntimeConfig());

const routes = [{ path: '/patients', element: <PatientsPage /> }, landing('/patients/create')];

const gp = profileFixture({
  registration_completed: true,
  role: roles.coded('GP'),
  employments: [employmentFixture('harbourside', 1, 'PR')],
  current_establishment: 'harbourside',
});

const page = (results: PatientSummary[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

describe('the patients list (spec sections 2 /patients/, 7 Patients)', () => {
  it('shows name, Australian date of birth, Medicare and MRN, 10 a page, and searches by every word', async () => {
    const margaret = patientSummaryFixture({ id: 'p1', mrn: 'HFM-001' });
    const tom = patientSummaryFixture({
      id: 'p2',
      first_name: 'Tom',
      last_name: 'Baker',
      dob: '1990-12-31',
      pub_insurance_details: null,
    });
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: gp },
      'GET /api/patients/': () => {
        const search = api.calls.at(-1)?.search ?? '';
        if (search.includes('keyword=')) return { status: 200, body: page([margaret]) };
        if (search.includes('page=2')) return { status: 200, body: page([tom], 11) };
        return { status: 200, body: page([margaret], 11) };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/patients');

    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Margaret Nguyen/ });
    expect(within(row).getByText('7 Mar 1948')).toBeDefined();
    expect(within(row).getByText('2296818481')).toBeDefined();
    expect(within(row).getByText('HFM-001')).toBeDefined();
    expect(within(row).getByRole('link', { name: 'Margaret Nguyen' }).getAttribute('href')).toBe(
      '/patients/p1',
    );
    expect(screen.getByText('11 patients')).toBeDefined();
    expect(api.callsTo('GET /api/patients/')[0]?.search).toBe('?page=1');

    await user.click(screen.getByRole('button', { name: '2' }));
    const tomRow = await screen.findByRole('row', { name: /Tom Baker/ });
    expect(within(tomRow).getByText('31 Dec 1990')).toBeDefined();

    await user.type(screen.getByLabelText('Search patients'), 'marg ngu');
    await waitFor(() =>
      expect(api.callsTo('GET /api/patients/').at(-1)?.search).toBe('?page=1&keyword=marg+ngu'),
    );
    expect(await screen.findByRole('row', { name: /Margaret Nguyen/ })).toBeDefined();
  });

  it('says when there are no patients yet, and when none match the search', async () => {
    const api = fakeApi({
      'GET /api/profile/': { status: 200, body: gp },
      'GET /api/patients/': () => ({ status: 200, body: page([]) }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/patients');

    expect(await screen.findByText('No patients yet')).toBeDefined();
    await user.type(screen.getByLabelText('Search patients'), 'zzz');
    expect(await screen.findByText('No patient matches “zzz”')).toBeDefined();
    // The message shows the searched word a render before the request for it starts.
    await waitFor(() => expect(api.callsTo('GET /api/patients/').at(-1)?.search).toBe('?page=1&keyword=zzz'));

    await user.click(screen.getByRole('link', { name: 'Create' }));
    expect(router.state.location.pathname).toBe('/patients/create');
  });
});
