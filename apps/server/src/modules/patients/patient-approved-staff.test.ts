import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstablishment, createPatient } from '../../db/factories/factories.ts';
import { writeAsRead } from '../../../test/write-as-read.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

describe('patient data is for approved staff only', () => {
  let t: TestApp;
  let practice: string;
  let patient: string;
  let manager: Person;
  let newcomer: Person;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    practice = (await createEstablishment(db, { name: 'Glebe Family Practice', accepts_join_requests: true }))
      .id;
    patient = (await createPatient(db, { establishment_id: practice, last_name: 'Okafor' })).id;
    manager = await signedInPerson(t.app, db, {
      at: practice,
      user: { role: 'PM' },
      employment: { is_account_holder: true },
    });
    // Someone who just signed up, as a GP, with no employment yet.
    newcomer = await signedInPerson(t.app, db, { user: { role: null, registration_completed: false } });
  });
  afterAll(() => t.app.close());

  it('a new user who picks a practice at registration sees none of its patients until approved', async () => {
    expect(
      (await writeAsRead(newcomer.api, 'PATCH', '/api/profile/', { role: 'GP', ahpra_num: 'MED0001112223' }))
        .statusCode,
    ).toBe(200);
    const chosen = await newcomer.api('PUT', '/api/profile/practices/', { practices: [practice] });
    expect(chosen.statusCode).toBe(200);
    const employment = chosen.json<{ employments: { id: string; status: { value: string } }[] }>()
      .employments[0];
    expect(employment?.status.value).toBe('UNVERIFIED');

    expect((await newcomer.api('GET', `/api/patients/${patient}/`)).statusCode).toBe(404);
    expect((await newcomer.api('GET', `/api/patients/${patient}/carers/`)).statusCode).toBe(404);
    expect((await newcomer.api('GET', '/api/patients/?keyword=Okafor')).json()).toMatchObject({ count: 0 });
    const create = await newcomer.api('POST', '/api/patients/', {
      first_name: 'New',
      last_name: 'Person',
      dob: '1990-01-01',
    });
    expect(create.statusCode).toBe(403);

    const approved = await manager.api('PATCH', `/api/admin/users/${employment?.id}/`, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect((await newcomer.api('GET', `/api/patients/${patient}/`)).statusCode).toBe(200);
    expect((await newcomer.api('GET', '/api/patients/?keyword=Okafor')).json()).toMatchObject({ count: 1 });
  });

  it('registration applies the join-request checks: a practice that takes no join requests is refused', async () => {
    const closed = await createEstablishment(t.database.db, { name: 'Closed Door Medical' });
    const other = await signedInPerson(t.app, t.database.db, {
      user: { role: 'GP', registration_completed: false },
    });
    const res = await other.api('PUT', '/api/profile/practices/', { practices: [closed.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ practices: ['This establishment does not accept join requests.'] });
  });
});

describe('a patient user is a patient', () => {
  let t: TestApp;
  let patientUser: Person;
  let practice: string;
  beforeAll(async () => {
    t = await buildTestApp();
    practice = (await createEstablishment(t.database.db, { accepts_join_requests: true })).id;
    patientUser = await signedInPerson(t.app, t.database.db, { user: { role: null, user_type: 'patient' } });
  });
  afterAll(() => t.app.close());

  it('may not create an establishment, ask to join one, or pick one at registration (403)', async () => {
    const created = await patientUser.api('POST', '/api/establishments/', {
      name: 'My Own Clinic',
      type: 'PR',
    });
    expect(created.statusCode).toBe(403);
    const joined = await patientUser.api('POST', '/api/profile/employments/', { establishment_id: practice });
    expect(joined.statusCode).toBe(403);
    const picked = await patientUser.api('PUT', '/api/profile/practices/', { practices: [practice] });
    expect(picked.statusCode).toBe(403);
    expect(picked.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('a write says which version it changes', () => {
  it('answers 428 without a version and 409 with a stale one', async () => {
    const t = await buildTestApp();
    try {
      const place = (await createEstablishment(t.database.db)).id;
      const gp = await signedInPerson(t.app, t.database.db, { at: place });
      const patient = await createPatient(t.database.db, { establishment_id: place });
      const blind = await gp.api('PATCH', `/api/patients/${patient.id}/`, { city: 'Manly' });
      expect(blind.statusCode).toBe(428);
      expect(blind.json()).toEqual({ detail: expect.stringContaining('version') });
      const stale = await gp.api('PATCH', `/api/patients/${patient.id}/`, {
        city: 'Manly',
        version: patient.version + 5,
      });
      expect(stale.statusCode).toBe(409);
      const profile = await gp.api('PATCH', '/api/profile/', { phone: '0412 345 678' });
      expect(profile.statusCode).toBe(428);
    } finally {
      await t.app.close();
    }
  });
});
