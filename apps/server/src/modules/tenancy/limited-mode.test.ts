import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEmployment, createEstablishment, createPatient } from '../../db/factories/factories.ts';
import { users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

// Spec section 2 Layout: at their personal establishment a PA or PM has only Help Desk, Dashboard and
// Settings. The web shows no more; the API must allow no more either.
describe('the PA and PM limited mode, on the server', () => {
  let t: TestApp;
  let clinic: string;
  let personal: string;
  let pa: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    clinic = (await createEstablishment(db, { name: 'Lantern Clinic', type: 'CL' })).id;
    personal = (await createEstablishment(db, { name: 'Tom Nguyen (Professional)', type: 'PA' })).id;
    await createPatient(db, { establishment_id: clinic, last_name: 'Quillfeather' });
    pa = await signedInPerson(t.app, db, { user: { role: 'PA' }, at: clinic });
    await createEmployment(db, { user_id: pa.user.id, establishment_id: personal, priority: 3 });
  });
  afterAll(() => t.app.close());

  const workAt = (establishmentId: string) =>
    t.database.db
      .update(users)
      .set({ current_establishment_id: establishmentId })
      .where(eq(users.id, pa.user.id));
  const statusOf = async (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
    (await pa.api(method, url, body)).statusCode;

  it('refuses patients, the directory and Providers at the personal establishment, and keeps Settings open', async () => {
    await workAt(personal);
    expect(await statusOf('GET', '/api/patients/')).toBe(403);
    expect(
      await statusOf('POST', '/api/patients/', { first_name: 'Ada', last_name: 'Lim', dob: '1980-01-01' }),
    ).toBe(403);
    expect(await statusOf('GET', '/api/providers/')).toBe(403);
    expect(await statusOf('GET', '/api/doctors/')).toBe(403);
    expect(await statusOf('GET', `/api/directory/${personal}/doctors/`)).toBe(403);
    expect(await statusOf('GET', '/api/profile/')).toBe(200);
  });

  it('opens them again once the PA works at the clinic', async () => {
    await workAt(clinic);
    const patients = await pa.api('GET', '/api/patients/?keyword=quillfeather');
    expect(patients.statusCode).toBe(200);
    expect(patients.json<{ count: number }>().count).toBe(1);
    expect(await statusOf('GET', '/api/providers/')).toBe(200);
    expect(await statusOf('GET', `/api/directory/${clinic}/doctors/`)).toBe(200);
  });
});
