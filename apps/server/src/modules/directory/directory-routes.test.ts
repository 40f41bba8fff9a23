import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEmployment, createEstablishment } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

const contact = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Nora',
  last_name: 'Walsh',
  role: 'HCP',
  practice_name: 'Bondi Physio',
  email: 'nora@physio.example',
  phone1: '0412 345 678',
  postcode: '2026',
  ...overrides,
});

describe('an establishment’s own directory (section 7: directory/{est}/doctors/)', () => {
  let t: TestApp;
  let estA: string;
  let estB: string;
  let gpA: Person;
  let gpB: Person;
  let requestedSp: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    estA = (await createEstablishment(db, { name: 'Practice A' })).id;
    estB = (await createEstablishment(db, { name: 'Practice B' })).id;
    gpA = await signedInPerson(t.app, db, { at: estA, user: { role: 'GP' } });
    gpB = await signedInPerson(t.app, db, { at: estB, user: { role: 'GP' } });
    // An SP whose join request is still waiting may not act for the establishment (section 4).
    requestedSp = await signedInPerson(t.app, db, {
      at: estA,
      user: { role: 'SP' },
      employment: { status: 'REQUESTED' },
    });
  });
  afterAll(() => t.app.close());

  it('creates, reads, changes and deletes an Other HCP contact, auditing each change', async () => {
    const created = await gpA.api('POST', `/api/directory/${estA}/doctors/`, contact());
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    expect(created.json()).toMatchObject({ establishment: estA, role: { value: 'HCP' }, can_edit: true });

    const url = `/api/directory/${estA}/doctors/${id}/`;
    expect((await gpA.api('GET', url)).json()).toMatchObject({ first_name: 'Nora', state: 'NSW' });
    const changed = await gpA.api('PUT', url, contact({ department_name: 'Hand therapy', state: 'QLD' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ department_name: 'Hand therapy', state: 'QLD' });
    expect((await gpA.api('DELETE', url)).statusCode).toBe(204);
    expect((await gpA.api('GET', url)).statusCode).toBe(404);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'doctor.create',
      'doctor.delete',
      'doctor.update',
    ]);
    expect(audit.every((row) => row.establishment_id === estA)).toBe(true);
  });

  it('lists by role and keyword, paged, only the establishment’s own entries', async () => {
    await gpA.api('POST', `/api/directory/${estA}/doctors/`, contact({ last_name: 'Ames' }));
    await gpA.api('POST', `/api/directory/${estA}/doctors/`, contact({ last_name: 'Brown', role: 'GP' }));
    await gpB.api('POST', `/api/directory/${estB}/doctors/`, contact({ last_name: 'Other' }));
    await gpA.api('POST', '/api/doctors/invite/', contact({ last_name: 'Shared' }));

    const hcps = await gpA.api('GET', `/api/directory/${estA}/doctors/?role=HCP`);
    expect(hcps.json().results.map((d: { last_name: string }) => d.last_name)).toEqual(['Ames']);
    const all = await gpA.api('GET', `/api/directory/${estA}/doctors/`);
    expect(all.json().count).toBe(2);
    const search = await gpA.api('GET', `/api/directory/${estA}/doctors/?keyword=nora%20bro`);
    expect(search.json().results.map((d: { last_name: string }) => d.last_name)).toEqual(['Brown']);
    expect((await gpA.api('GET', `/api/directory/${estA}/doctors/?role=XX`)).statusCode).toBe(400);
  });

  it('answers 404 for a directory the caller may not act for, and for another establishment’s entry', async () => {
    const theirs = (await gpB.api('POST', `/api/directory/${estB}/doctors/`, contact())).json<{
      id: string;
    }>();
    expect((await gpA.api('GET', `/api/directory/${estB}/doctors/`)).statusCode).toBe(404);
    expect((await gpA.api('POST', `/api/directory/${estB}/doctors/`, contact())).statusCode).toBe(404);
    // The entry named through my own establishment is not mine either.
    expect((await gpA.api('GET', `/api/directory/${estA}/doctors/${theirs.id}/`)).statusCode).toBe(404);
    expect((await gpA.api('DELETE', `/api/directory/${estA}/doctors/${theirs.id}/`)).statusCode).toBe(404);
    expect((await requestedSp.api('GET', `/api/directory/${estA}/doctors/`)).statusCode).toBe(404);
  });

  it('opens the directory of a second establishment the caller works at', async () => {
    const second = await createEstablishment(t.database.db, { name: 'Practice A2' });
    await createEmployment(t.database.db, { user_id: gpB.user.id, establishment_id: second.id, priority: 2 });
    const res = await gpB.api('POST', `/api/directory/${second.id}/doctors/`, contact());
    expect(res.statusCode).toBe(201);
  });

  it('answers 400 field errors on a bad body', async () => {
    const res = await gpA.api(
      'POST',
      `/api/directory/${estA}/doctors/`,
      contact({ last_name: ' ', email: 'x@' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      last_name: ['This field is required.'],
      email: ['Enter a valid email address.'],
    });
  });
});
