import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstablishment, createUser } from '../../db/factories/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';

describe('searching the establishment directory', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const hospital = await createEstablishment(db, {
      name: 'Royal Harbour Hospital',
      type: 'HL',
      state: 'NSW',
    });
    await createEstablishment(db, {
      name: 'Cardiology',
      state: 'NSW',
      type: 'DT',
      hospital_id: hospital.id,
      accepts_join_requests: true,
    });
    await createEstablishment(db, { name: 'Harbour Heart Clinic', type: 'CL', state: 'VIC' });
    await createEstablishment(db, { name: 'Harbour Unapproved Practice', is_approved: false });
    await createEstablishment(db, { name: 'Dr Harbour (Professional)', type: 'PA' });
    for (let i = 0; i < 12; i++)
      await createEstablishment(db, { name: `Practice ${String(i).padStart(2, '0')}`, state: 'QLD' });
    const user = await createUser(db, { password_hash: await hashPassword('directory-password') });
    api = await signedInAs(t.app, user.email, 'directory-password');
  });
  afterAll(() => t.app.close());

  it('finds approved establishments by a word of their name, never personal spaces or unapproved ones', async () => {
    const res = await api('GET', '/api/establishments/?keyword=harbour');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((e: { name: string }) => e.name)).toEqual([
      'Harbour Heart Clinic',
      'Royal Harbour Hospital',
    ]);
  });

  it('shows a department with its hospital and filters by type and state', async () => {
    const departments = (await api('GET', '/api/establishments/?type=DT')).json();
    expect(departments.results[0]).toMatchObject({
      name: 'Cardiology',
      hospital: { name: 'Royal Harbour Hospital' },
    });
    const victoria = (await api('GET', '/api/establishments/?states=VIC')).json();
    expect((victoria.results as { name: string }[]).map((e) => e.name)).toEqual(['Harbour Heart Clinic']);
  });

  it('pages ten at a time and refuses unknown filter values', async () => {
    const first = (await api('GET', '/api/establishments/?states=QLD')).json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.next).toContain('page=2');
    expect((await api('GET', '/api/establishments/?states=QLD&page=2')).json().results).toHaveLength(2);
    const bad = await api('GET', '/api/establishments/?type=XX&states=NOPE');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['states', 'type']);
  });
});
