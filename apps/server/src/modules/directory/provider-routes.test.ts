import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployment, createEstablishment } from '../../db/factories/factories.ts';
import { specialties } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

describe('the Providers list (GET providers/)', () => {
  let t: TestApp;
  let gp: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const clinic = await createEstablishment(db, { name: 'Harbour Heart Clinic', type: 'CL' });
    const pending = await createEstablishment(db, { name: 'Pending Practice', is_approved: false });
    const personal = await createEstablishment(db, { name: 'Own Space', type: 'PA' });
    gp = await signedInPerson(t.app, db, {
      at: clinic.id,
      user: { role: 'GP', first_name: 'Alice', last_name: 'Zimmer', email: 'alice.zimmer@example.test' },
    });
    const sp = await signedInPerson(t.app, db, {
      at: clinic.id,
      user: { role: 'SP', first_name: 'Sam', last_name: 'Young' },
    });
    await createEmployment(db, { user_id: sp.user.id, establishment_id: personal.id, priority: 3 });
    await db.insert(specialties).values({ user_id: sp.user.id, priority: 1, practice: 'CARDIOLOGY' });
    // A head of department whose specialty was typed by name in Settings.
    const hospital = await createEstablishment(db, { name: 'Royal Eastern Hospital', type: 'HP' });
    const cardiology = await createEstablishment(db, {
      name: 'Cardiology',
      type: 'DT',
      hospital_id: hospital.id,
    });
    const head = await signedInPerson(t.app, db, {
      at: cardiology.id,
      user: { role: 'SP', first_name: 'Aisha', last_name: 'Rahman' },
    });
    await db.insert(specialties).values([
      { user_id: head.user.id, priority: 1, practice: 'cardiology', field: 'Heart failure' },
      { user_id: head.user.id, priority: 2, practice: 'Echocardiography' },
    ]);
    // Not listed: a practice manager, someone only at an unapproved place, someone only requested.
    await signedInPerson(t.app, db, { at: clinic.id, user: { role: 'PM', last_name: 'Manager' } });
    await signedInPerson(t.app, db, { at: pending.id, user: { role: 'GP', last_name: 'Unapproved' } });
    await signedInPerson(t.app, db, {
      at: clinic.id,
      user: { role: 'GP', last_name: 'Requested' },
      employment: { status: 'REQUESTED' },
    });
  });
  afterAll(() => t.app.close());

  it('lists providers with approved employments at approved establishments, with those names and no email', async () => {
    const res = await gp.api('GET', '/api/providers/');
    expect(res.statusCode).toBe(200);
    const names = res.json().results.map((p: { last_name: string }) => p.last_name);
    expect(names).toEqual(['Rahman', 'Young', 'Zimmer']);
    const [aisha, sam] = res.json().results;
    expect(aisha).toMatchObject({
      specialties: [{ value: 'CARDIOLOGY', display: 'Cardiology' }],
      establishments: [{ id: expect.any(String), name: 'Cardiology, Royal Eastern Hospital' }],
    });
    expect(sam).toEqual({
      id: expect.any(String),
      title: { value: 'DR', display: 'Dr' },
      first_name: 'Sam',
      last_name: 'Young',
      role: { value: 'SP', display: 'Specialist' },
      specialties: [{ value: 'CARDIOLOGY', display: 'Cardiology' }],
      establishments: [{ id: expect.any(String), name: 'Harbour Heart Clinic' }],
    });
    expect(res.body).not.toContain('alice.zimmer@example.test');
  });

  it('searches by name words and filters by role', async () => {
    const byName = await gp.api('GET', '/api/providers/?keyword=ali%20zim');
    expect(byName.json().results.map((p: { last_name: string }) => p.last_name)).toEqual(['Zimmer']);
    const sps = await gp.api('GET', '/api/providers/?role=SP');
    expect(sps.json().count).toBe(2);
    expect((await gp.api('GET', '/api/providers/?role=PM')).statusCode).toBe(400);
  });
});
