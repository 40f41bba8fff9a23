import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createEmployment, createEstablishment, createUser } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { directoryDoctors } from '../../db/schema/patients.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

const doctor = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Okafor',
  role: 'SP',
  provider_type: 'CARDIOLOGY',
  provider_num_list: ['2426621B'],
  practice_name: 'Harbour Heart',
  email: 'grace.okafor@heart.example',
  phone1: '(02) 9555 1234',
  address1: '1 Harbour St',
  city: 'Sydney',
  postcode: '2000',
  ...overrides,
});

describe('the shared doctor directory (section 7: doctors/)', () => {
  let t: TestApp;
  let estA: string;
  let estB: string;
  let gpA: Person;
  let pmA: Person;
  let gpB: Person;
  let patient: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    estA = (await createEstablishment(db, { name: 'Practice A' })).id;
    estB = (await createEstablishment(db, { name: 'Practice B' })).id;
    gpA = await signedInPerson(t.app, db, { at: estA, user: { role: 'GP' } });
    pmA = await signedInPerson(t.app, db, { at: estA, user: { role: 'PM' } });
    gpB = await signedInPerson(t.app, db, { at: estB, user: { role: 'GP' } });
    patient = await signedInPerson(t.app, db, { user: { role: null, user_type: 'patient' } });
  });
  afterAll(() => t.app.close());

  it('adds a doctor, answers 201 with the section 3 fields, audits it and sends no mail without send_email', async () => {
    const res = await gpA.api('POST', '/api/doctors/invite/', doctor());
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      establishment: null,
      first_name: 'Grace',
      last_name: 'Okafor',
      role: { value: 'SP', display: 'Specialist' },
      provider_type: { value: 'CARDIOLOGY', display: 'Cardiology' },
      provider_num_list: ['2426621B'],
      state: 'NSW',
      department_name: null,
      can_edit: true,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, entry.id), eq(auditLog.action, 'doctor.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(gpA.user.id);
    expect((await readMailbox(t.app)).filter((m) => m.to === 'grace.okafor@heart.example')).toEqual([]);
  });

  it('with send_email and an email, queues an invitation to create an account', async () => {
    const address = 'ivan.petrov@clinic.example';
    const res = await gpA.api(
      'POST',
      '/api/doctors/invite/?send_email=true',
      doctor({ first_name: 'Ivan', email: address.replace('ivan.petrov', 'Ivan.Petrov') }),
    );
    expect(res.statusCode).toBe(201);
    const mail = (await readMailbox(t.app)).filter((m) => m.to === address);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('invited you to Referrals');
    expect(mail[0]?.text).toContain('http://referrals.test/auth/signup');
  });

  it('links an entry whose email belongs to a platform user to that user', async () => {
    const existing = await createUser(t.database.db, { role: 'SP' });
    const res = await gpA.api(
      'POST',
      '/api/doctors/invite/?send_email=true',
      doctor({ email: existing.email }),
    );
    const [row] = await t.database.db
      .select()
      .from(directoryDoctors)
      .where(eq(directoryDoctors.id, res.json<{ id: string }>().id));
    expect(row?.user_id).toBe(existing.id);
    const mail = (await readMailbox(t.app)).filter((m) => m.to === existing.email);
    expect(mail[0]?.text).toContain('sign in');
  });

  it('answers 400 with field errors keyed by field name, and saves nothing', async () => {
    const before = (await t.database.db.select().from(directoryDoctors)).length;
    const res = await gpA.api(
      'POST',
      '/api/doctors/invite/',
      doctor({
        first_name: '',
        email: 'nope',
        phone1: '123',
        postcode: '20000',
        provider_num_list: ['2940975Y'],
        role: 'PT',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(
      ['email', 'first_name', 'phone1', 'postcode', 'provider_num_list', 'role'].sort(),
    );
    expect(res.json().first_name).toEqual(['This field is required.']);
    expect((await t.database.db.select().from(directoryDoctors)).length).toBe(before);
  });

  it('lists the shared directory paged, by keyword and role, to any provider', async () => {
    for (const last of ['Adams', 'Baker', 'Clark']) {
      await gpB.api('POST', '/api/doctors/invite/', doctor({ last_name: last, role: 'GP', email: '' }));
    }
    const all = await gpA.api('GET', '/api/doctors/?page_size=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().results).toHaveLength(2);
    expect(all.json().next).toContain('page=2');
    const found = await gpA.api('GET', '/api/doctors/?keyword=bak');
    expect(found.json().results.map((d: { last_name: string }) => d.last_name)).toEqual(['Baker']);
    expect(found.json().results[0].can_edit).toBe(false);
    const gps = await gpA.api('GET', '/api/doctors/?role=GP');
    expect(gps.json().count).toBe(3);
  });

  it('adds the caller’s establishment directory with ?establishment, and 404s for another establishment', async () => {
    await gpA.api('POST', `/api/directory/${estA}/doctors/`, doctor({ last_name: 'Zed', role: 'HCP' }));
    const withOwn = await gpA.api('GET', `/api/doctors/?establishment=${estA}&keyword=zed`);
    expect(withOwn.json().results).toHaveLength(1);
    expect(withOwn.json().results[0].establishment).toBe(estA);
    const shared = await gpA.api('GET', '/api/doctors/?keyword=zed');
    expect(shared.json().results).toHaveLength(0);
    const foreign = await gpB.api('GET', `/api/doctors/?establishment=${estA}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('lets the creator’s establishment change and delete a shared entry; anyone else gets 404', async () => {
    const created = (await gpA.api('POST', '/api/doctors/invite/', doctor({ last_name: 'Mine' }))).json<{
      id: string;
    }>();
    const url = `/api/doctors/${created.id}/`;
    expect((await gpB.api('GET', url)).json().can_edit).toBe(false);
    expect((await gpB.api('PUT', url, doctor({ last_name: 'Taken' }))).statusCode).toBe(404);
    expect((await gpB.api('DELETE', url)).statusCode).toBe(404);

    // A colleague at the creator's establishment may change it.
    const changed = await pmA.api('PUT', url, doctor({ last_name: 'Changed', state: 'VIC' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ last_name: 'Changed', state: 'VIC', can_edit: true });
    expect((await pmA.api('PUT', url, doctor({ postcode: 'abcd' }))).json()).toEqual({
      postcode: ['Enter a 4-digit Australian postcode.'],
    });

    expect((await gpA.api('DELETE', url)).statusCode).toBe(204);
    expect((await gpA.api('GET', url)).statusCode).toBe(404);
    expect((await gpA.api('DELETE', url)).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, created.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'doctor.create',
      'doctor.delete',
      'doctor.update',
    ]);
  });

  it('refuses patients (403) and signed-out callers (401)', async () => {
    expect((await patient.api('GET', '/api/doctors/')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/doctors/' })).statusCode).toBe(401);
  });

  it('keeps the specialty and profession lists beside the :id route', async () => {
    expect((await gpA.api('GET', '/api/doctors/specialties/')).statusCode).toBe(200);
    expect((await gpA.api('GET', '/api/doctors/not-a-uuid/')).statusCode).toBe(400);
  });

  it('counts an employment at an establishment toward a second one too', async () => {
    const second = await createEstablishment(t.database.db, { name: 'Practice A2' });
    await createEmployment(t.database.db, { user_id: gpA.user.id, establishment_id: second.id, priority: 2 });
    const res = await gpA.api('GET', `/api/doctors/?establishment=${second.id}`);
    expect(res.statusCode).toBe(200);
  });
});
