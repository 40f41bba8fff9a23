import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { embedRuntimeConfig, renderRoutes } from '@/test/render-screen';
import { carerFixture, mrnFixture, patientFixture, providerFixture } from '../patient-fixtures';
import { PatientDetailPage } from './patient-detail-page';

beforeAll(() => embedRuntimeConfig());
afterEach(() => notifications.clean());

const routes = [{ path: '/patients/:id', element: <PatientDetailPage /> }];

describe('a patient record (spec sections 2 /patients/:id, 7 Patients, 8)', { timeout: 40_000 }, () => {
  it('shows the 404 state for a missing patient, or one of another establishment', async () => {
    fakeApi({ 'GET /api/patients/nope/': { status: 404, body: { detail: 'Not found.' } } });
    renderRoutes(routes, '/patients/nope');
    expect(await screen.findByRole('heading', { name: 'Patient not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to patients' }).getAttribute('href')).toBe('/patients');
  });

  it('opens the sections the record has data for, and saves changes with PUT and the version read', async () => {
    const patient = patientFixture({ carers: [carerFixture()], version: 4 });
    const api = fakeApi({
      'GET /api/patients/p1/': { status: 200, body: patient },
      'PUT /api/patients/p1/': () => ({ status: 200, body: { ...patient, phone: '0400111222', version: 5 } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/patients/p1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mrs Margaret Nguyen' })).toBeDefined();
    expect(screen.getByText(/Born 7 Mar 1948/)).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Carer or guardian' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Concession' }).checked).toBe(false);
    const carer = screen.getByRole('group', { name: 'Carer 1' });
    expect(within(carer).getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Linh');

    const phone = screen.getByLabelText('Mobile phone');
    await user.clear(phone);
    await user.type(phone, '0400111222');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Patient saved')).toBeDefined();
    const body = api.callsTo('PUT /api/patients/p1/')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ phone: '0400111222', version: 4 });
    expect(body.carers).toEqual([
      expect.objectContaining({ id: carerFixture().id, version: 1, first_name: 'Linh' }),
    ]);
    // The MRN is saved by its own panel, never with the record.
    expect(body).not.toHaveProperty('mrn');
  });

  it('treats an MRN 404 as none yet: a blank entry, no error; the number is required to add one', async () => {
    let mrns: unknown[] | null = null;
    const api = fakeApi({
      'GET /api/patients/p1/': { status: 200, body: patientFixture() },
      'GET /api/patients/p1/mrn/': () =>
        mrns === null ? { status: 404, body: { detail: 'Not found.' } } : { status: 200, body: mrns },
      'POST /api/patients/p1/mrn/': (body) => {
        mrns = [mrnFixture({ number: (body as { number: string }).number })];
        return { status: 201, body: mrns[0] };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/patients/p1');

    await user.click(await screen.findByRole('switch', { name: 'MRN' }));
    const entry = await screen.findByRole('group', { name: 'New MRN' });
    expect(within(entry).getByRole<HTMLInputElement>('textbox', { name: /MRN/ }).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(entry).getByRole('button', { name: 'Add MRN' }));
    expect(within(entry).getByText('This field is required.')).toBeDefined();
    expect(api.callsTo('POST /api/patients/p1/mrn/')).toHaveLength(0);

    await user.type(within(entry).getByRole('textbox', { name: /MRN/ }), 'HFM-0042');
    await user.click(within(entry).getByRole('button', { name: 'Add MRN' }));
    const saved = await screen.findByRole('group', { name: 'MRN HFM-0042' });
    expect(within(saved).getByText(/added by Sarah Mitchell/)).toBeDefined();
    expect(within(saved).queryByText('This field is required.')).toBeNull();
    expect(api.callsTo('POST /api/patients/p1/mrn/')[0]?.body).toEqual({ number: 'HFM-0042' });
  });

  it('edits an existing MRN with PUT, and shows the server field error on the number', async () => {
    const api = fakeApi({
      'GET /api/patients/p1/': { status: 200, body: patientFixture({ mrn: 'HFM-001' }) },
      'GET /api/patients/p1/mrn/': { status: 200, body: [mrnFixture()] },
      'PUT /api/patients/p1/mrn/m1/': { status: 400, body: { number: ['This MRN is already in use.'] } },
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/patients/p1');

    const entry = await screen.findByRole('group', { name: 'MRN HFM-001' });
    const input = within(entry).getByRole('textbox', { name: /MRN/ });
    await user.clear(input);
    await user.type(input, 'HFM-002');
    await user.click(within(entry).getByRole('button', { name: 'Save MRN' }));
    expect(await within(entry).findByText('This MRN is already in use.')).toBeDefined();
    await waitFor(() =>
      expect(api.callsTo('PUT /api/patients/p1/mrn/m1/')[0]?.body).toEqual({ number: 'HFM-002' }),
    );
  });

  describe('the patient’s doctor', () => {
    const helen = providerFixture();
    const helenAsDoctor = { id: helen.id, title: helen.title, first_name: 'Helen', last_name: 'Okafor' };
    const page = (results = [helen]) => ({
      status: 200,
      body: { count: results.length, next: null, previous: null, results },
    });

    it('shows the doctor with their title, or that none is recorded', async () => {
      fakeApi({
        'GET /api/patients/p1/': { status: 200, body: patientFixture({ doctor: helenAsDoctor }) },
        'GET /api/patients/p2/': { status: 200, body: patientFixture({ id: 'p2', doctor: null }) },
      });
      const first = renderRoutes(routes, '/patients/p1');
      expect(await screen.findByText('Doctor: Prof Helen Okafor')).toBeDefined();
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Doctor' }).value).toBe(
        'Prof Helen Okafor',
      );
      first.unmount();

      renderRoutes(routes, '/patients/p2');
      expect(await screen.findByText('No doctor recorded')).toBeDefined();
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Doctor' }).value).toBe('');
    });

    it('finds providers as the name is typed and saves the one chosen with the record', async () => {
      const api = fakeApi({
        'GET /api/patients/p1/': { status: 200, body: patientFixture() },
        'GET /api/providers/': page(),
        'PUT /api/patients/p1/': { status: 200, body: patientFixture({ doctor: helenAsDoctor, version: 2 }) },
      });
      const user = userEvent.setup({ delay: null });
      renderRoutes(routes, '/patients/p1');

      await user.type(await screen.findByRole('combobox', { name: 'Doctor' }), 'hel oka');
      await user.click(
        await screen.findByRole('option', { name: /Prof Helen Okafor.*Specialist · Hill Street Clinic/ }),
      );
      expect(api.callsTo('GET /api/providers/').at(-1)?.search).toBe('?keyword=hel+oka');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Patient saved')).toBeDefined();
      expect(api.callsTo('PUT /api/patients/p1/')[0]?.body).toMatchObject({ doctor: helen.id });
    });

    it('sends null when the doctor is removed, and shows the server’s refusal on the field', async () => {
      const api = fakeApi({
        'GET /api/patients/p1/': { status: 200, body: patientFixture({ doctor: helenAsDoctor }) },
        'GET /api/providers/': page([
          providerFixture({
            id: '0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
            first_name: 'Sam',
            last_name: 'Patel',
            title: { value: 'DR', display: 'Dr' },
          }),
        ]),
        'PUT /api/patients/p1/': (body) =>
          (body as { doctor: unknown }).doctor === null
            ? { status: 200, body: patientFixture({ doctor: null, version: 2 }) }
            : { status: 400, body: { doctor: ['Choose a doctor from the list.'] } },
      });
      const user = userEvent.setup({ delay: null });
      renderRoutes(routes, '/patients/p1');

      await user.type(await screen.findByRole('combobox', { name: 'Doctor' }), 'sam');
      await user.click(await screen.findByRole('option', { name: /Dr Sam Patel/ }));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Choose a doctor from the list.')).toBeDefined();
      expect(screen.getByRole('combobox', { name: 'Doctor' }).getAttribute('aria-invalid')).toBe('true');

      await user.click(screen.getByRole('button', { name: 'Remove the doctor' }));
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Doctor' }).value).toBe('');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Patient saved')).toBeDefined();
      expect(await screen.findByText('No doctor recorded')).toBeDefined();
      const sent = api
        .callsTo('PUT /api/patients/p1/')
        .map((call) => (call.body as { doctor: unknown }).doctor);
      expect(sent).toEqual(['0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', null]);
    });
  });
});
