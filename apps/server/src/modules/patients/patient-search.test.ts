import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createEstablishment, createPatient, createReferral } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { patientMrns } from '../../db/schema/patients.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

type Body = Record<string, unknown>;

describe('patients API: search (GET patients/)', () => {
  let t: TestApp;
  let estA: string;
  let estB: string;
  let gpA: Person;
  let gpB: Person;
  let nobody: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    estA = (await createEstablishment(db, { name: 'Harbour Practice' })).id;
    estB = (await createEstablishment(db, { name: 'Hill Clinic' })).id;
    gpA = await signedInPerson(t.app, db, { at: estA });
    gpB = await signedInPerson(t.app, db, { at: estB });
    nobody = await signedInPerson(t.app, db, { user: { role: null, user_type: 'patient' } });
  });
  afterAll(() => t.app.close());

  const base = { first_name: 'Olivia', last_name: 'Whitfield', dob: '1971-05-04' };

  let ids: {
    zara: string;
    zac: string;
    zoe: string;
    pct: string;
    other: string;
    referred: string;
    draft: string;
  };

  beforeAll(async () => {
    const db = t.database.db;
    const make = (first: string, last: string, extra: Body = {}) =>
      createPatient(db, { establishment_id: estA, first_name: first, last_name: last, ...extra });
    const zara = await make('Zara', 'Quennell', { pub_insurance_details: '3950123491' });
    const zac = await make('Zachary', 'Quennell-Smith');
    const zoe = await make('Zoe', 'Quince', { status: 'incomplete' });
    const pct = await make('Zed', 'Q%ward');
    await db.insert(patientMrns).values({ patient_id: zac.id, establishment_id: estA, number: 'MRN-Q7781' });
    await db.insert(patientMrns).values({ patient_id: zara.id, establishment_id: estB, number: 'MRN-Q9999' });
    for (let i = 0; i < 12; i++) await make(`Page${i}`, 'Quokkason');
    const other = await createPatient(db, {
      establishment_id: estB,
      first_name: 'Zara',
      last_name: 'Quennell',
    });
    const referred = await createPatient(db, {
      establishment_id: estB,
      first_name: 'Zeb',
      last_name: 'Quayle',
    });
    await createReferral(db, {
      patient_id: referred.id,
      from_establishment_id: estB,
      to_establishment_id: estA,
      status: 'SBMT',
    });
    const draft = await createPatient(db, {
      establishment_id: estB,
      first_name: 'Zed',
      last_name: 'Quarry',
    });
    await createReferral(db, {
      patient_id: draft.id,
      from_establishment_id: estB,
      to_establishment_id: estA,
    });
    ids = {
      zara: zara.id,
      zac: zac.id,
      zoe: zoe.id,
      pct: pct.id,
      other: other.id,
      referred: referred.id,
      draft: draft.id,
    };
  });

  const search = async (query: string, who: Person = gpA) => {
    const res = await who.api('GET', `/api/patients/?${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json<{
      count: number;
      next: string | null;
      results: { id: string; first_name: string; mrn: string | null }[];
    }>();
  };
  const found = async (query: string, who: Person = gpA) =>
    (await search(query, who)).results.map((p) => p.id).sort();

  it('matches every word as the start of a name, the Medicare number or an MRN here', async () => {
    expect(await found('keyword=quenn')).toEqual([ids.zac, ids.zara].sort());
    expect(await found('keyword=ZAC%20quenn')).toEqual([ids.zac]);
    expect(await found('keyword=zar&keyword=quenn')).toEqual([ids.zara]);
    expect(await found('keyword=39501')).toEqual([ids.zara]);
    expect(await found('keyword=mrn-q77')).toEqual([ids.zac]);
    // Another establishment's MRN is not searchable here.
    expect(await found('keyword=mrn-q99')).toEqual([]);
    expect(await found('keyword=enn')).toEqual([]);
    // LIKE wildcards in a word are literal.
    expect(await found('keyword=q%25')).toEqual([ids.pct]);
    expect(await found('keyword=q_enn')).toEqual([]);
  });

  it('matches names outside ASCII by their own letters', async () => {
    const db = t.database.db;
    const orsted = await createPatient(db, {
      establishment_id: estA,
      first_name: 'Åse',
      last_name: 'Ørsted',
    });
    const zoe = await createPatient(db, {
      establishment_id: estA,
      first_name: 'Chloë',
      last_name: 'Ørsted-Ng',
    });
    expect(await found('keyword=ørst')).toEqual([orsted.id, zoe.id].sort());
    expect(await found('keyword=ørsted%20chlo')).toEqual([zoe.id]);
    expect(await found('keyword=åse')).toEqual([orsted.id]);
    expect(await found('fname=chloë')).toEqual([zoe.id]);
    expect(await found('keyword=orst')).toEqual([]);
  });

  it('filters by fname, lname, dob, mrn and medicare', async () => {
    expect(await found('fname=zach')).toEqual([ids.zac]);
    expect(await found('lname=quennell-')).toEqual([ids.zac]);
    expect(await found('mrn=mrn-q7')).toEqual([ids.zac]);
    expect(await found('medicare=3950%20123')).toEqual([ids.zara]);
    const zara = (await gpA.api('GET', `/api/patients/${ids.zara}/`)).json();
    expect(await found(`lname=quenn&dob=${zara.dob}`)).toContain(ids.zara);
  });

  it('shows complete records by default, incomplete ones on request', async () => {
    expect(await found('keyword=quince')).toEqual([]);
    expect(await found('keyword=quince&status=incomplete')).toEqual([ids.zoe]);
    expect(await found('keyword=quince&status=all')).toEqual([ids.zoe]);
  });

  it('pages by 10 with links', async () => {
    const first = await search('keyword=quokkason');
    expect([first.count, first.results.length]).toEqual([12, 10]);
    expect(first.next).toContain('page=2');
    const second = await search('keyword=quokkason&page=2');
    expect(second.results.length).toBe(2);
    expect(second.next).toBeNull();
    // Past the end: no rows to carry the total, which is still told.
    const past = await t.app.inject({
      method: 'GET',
      url: '/api/patients/?keyword=quokkason&page=3',
      headers: { authorization: `Bearer ${gpA.token}` },
    });
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toMatchObject({ count: 12, results: [] });
  });

  it('lists only patients the establishment owns, holds an MRN for or was referred', async () => {
    expect(await found('keyword=z%20q', gpA)).not.toContain(ids.other);
    expect(await found('keyword=quayle', gpA)).toEqual([ids.referred]);
    // A draft was never sent, so the receiver does not see its patient.
    expect(await found('keyword=quarry', gpA)).toEqual([]);
    expect(await found('keyword=quayle&within_establishment=true', gpA)).toEqual([]);
    expect(await found('keyword=quayle&filter_by_organisation=true', gpA)).toEqual([]);
    expect(await found(`keyword=quenn&within_establishment=${estB}`, gpA)).toEqual([]);
    // B sees A's Zara through its MRN, and its own Zara.
    expect(await found('keyword=zara', gpB)).toEqual([ids.zara, ids.other].sort());
  });

  it('writes one audit row per patient returned', async () => {
    await search('keyword=zach');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patient_id, ids.zac), eq(auditLog.action, 'patient.list')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ actor_id: gpA.user.id, establishment_id: estA, resource_id: ids.zac });
  });

  it('answers 403 to a caller without a current establishment, and 404 by id', async () => {
    expect((await nobody.api('GET', '/api/patients/')).statusCode).toBe(403);
    expect((await nobody.api('POST', '/api/patients/', base)).statusCode).toBe(403);
    expect((await nobody.api('GET', `/api/patients/${ids.zara}/`)).statusCode).toBe(404);
  });
});
