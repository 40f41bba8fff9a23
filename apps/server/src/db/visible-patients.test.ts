import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { visiblePatientsDrift } from '../../test/visible-patients-drift.ts';
import { queryRows } from './database.ts';
import { createEstablishment, createPatient, createReferral } from './factories/factories.ts';
import { createSampler, type Sampler } from './factories/sample-data.ts';

// The triggers of migration 0018 change only the pairs a change concerns, where 0010 recomputed the whole
// patient: every kind of change to referrals, MRNs and patients, in a random order, must leave the table
// as the view (the definition) computes it.
describe('visible_patients after any sequence of changes', () => {
  let t: TestApp;
  let establishmentIds: string[];
  let patientIds: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    establishmentIds = [];
    for (let i = 0; i < 4; i++) establishmentIds.push((await createEstablishment(db)).id);
    patientIds = [];
    for (let i = 0; i < 3; i++)
      patientIds.push((await createPatient(db, { establishment_id: establishmentIds[i]! })).id);
  });
  afterAll(() => t.app.close());

  /** One random change, as SQL: what any write of the server's may do to the rows the table follows. */
  function randomChange(s: Sampler): SQL {
    const establishment = () => s.pick(establishmentIds);
    const patient = () => s.pick(patientIds);
    const referral = sql`(select id from referrals order by random() limit 1)`;
    const mrn = sql`(select id from patient_mrns order by random() limit 1)`;
    const status = () => s.pick(['DRFT', 'SBMT', 'ACPT', 'RTRN']);
    const changes: (() => SQL)[] = [
      () => sql`insert into referrals (type, status, patient_id, from_establishment_id, to_establishment_id)
        values ('IN-APP', ${status()}, ${s.int(0, 5) === 0 ? null : patient()}, ${establishment()},
          ${s.int(0, 5) === 0 ? null : establishment()})`,
      () => sql`update referrals set status = ${status()} where id = ${referral}`,
      () => sql`update referrals set status = ${status()} where patient_id = ${patient()}`,
      () => sql`update referrals set to_establishment_id = ${establishment()} where id = ${referral}`,
      () => sql`update referrals set from_establishment_id = ${establishment()} where id = ${referral}`,
      () =>
        sql`update referrals set patient_id = ${s.int(0, 3) === 0 ? null : patient()} where id = ${referral}`,
      () => sql`update referrals set is_deleted = not is_deleted where id = ${referral}`,
      () => sql`update referrals set receiver_unread = not receiver_unread where id = ${referral}`,
      () => sql`delete from referrals where id = ${referral}`,
      () => sql`insert into patient_mrns (patient_id, establishment_id, number)
        values (${patient()}, ${establishment()}, ${`MRN${s.int(1, 999)}`})`,
      () => sql`delete from patient_mrns where id = ${mrn}`,
      () => sql`update patient_mrns set establishment_id = ${establishment()} where id = ${mrn}`,
      () => sql`update patient_mrns set patient_id = ${patient()} where id = ${mrn}`,
      () => sql`update patients set last_name = ${`Name${s.int(1, 99)}`} where id = ${patient()}`,
      () => sql`update patients set dob = ${`19${s.int(10, 99)}-01-01`}, is_imported = not is_imported
        where id = ${patient()}`,
      () => sql`update patients set establishment_id = ${establishment()} where id = ${patient()}`,
      () => sql`update patients set status = ${s.pick(['complete', 'incomplete', 'deleted'])}
        where id = ${patient()}`,
      () => sql`update patients set phone = ${`04${s.int(10_000_000, 99_999_999)}`} where id = ${patient()}`,
    ];
    return s.pick(changes)();
  }

  it('equals its view after each of 400 random changes, alone and several to a transaction', async () => {
    const s = createSampler(24);
    const db = t.database.db;
    await createReferral(db, { patient_id: patientIds[0]!, from_establishment_id: establishmentIds[0]! });
    for (let step = 0; step < 400; step++) {
      const changes = Array.from({ length: s.int(0, 3) === 0 ? 3 : 1 }, () => randomChange(s));
      await db.transaction(async (tx) => {
        for (const change of changes) await tx.execute(change);
      });
      const drift = await visiblePatientsDrift(t.database);
      if (drift.extra.length + drift.missing.length > 0)
        expect({ step, changes: changes.map((c) => new PgDialect().sqlToQuery(c)), ...drift }).toBeNull();
    }
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from visible_patients`,
    );
    expect(count).toBeGreaterThan(3);
  });
});
