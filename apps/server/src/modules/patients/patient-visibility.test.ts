import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createEstablishment, createPatient, createReferral } from '../../db/factories/factories.ts';
import { patientMrns, patients } from '../../db/schema/patients.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';

// What an establishment sees is kept by the database as records, MRNs and referrals change (migration 0010):
// each change shows at once in the next search and read, and the server cannot widen it by writing the table.
describe('patient visibility follows the records it comes from', () => {
  let t: TestApp;
  let sender: string;
  let receiver: string;
  let gpSender: Person;
  let gpReceiver: Person;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    sender = (await createEstablishment(db, { name: 'Sending Practice' })).id;
    receiver = (await createEstablishment(db, { name: 'Receiving Clinic' })).id;
    gpSender = await signedInPerson(t.app, db, { at: sender });
    gpReceiver = await signedInPerson(t.app, db, { at: receiver });
  });
  afterAll(() => t.app.close());

  const found = async (who: Person, keyword: string) => {
    const res = await who.api('GET', `/api/patients/?keyword=${encodeURIComponent(keyword)}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ results: { id: string }[] }>().results.map((p) => p.id);
  };
  const reads = async (who: Person, id: string) => (await who.api('GET', `/api/patients/${id}/`)).statusCode;

  it('a referral shows its patient to the receiver once submitted, and no longer once deleted', async () => {
    const db = t.database.db;
    const patient = await createPatient(db, { establishment_id: sender, last_name: 'Vasquez-Olde' });
    const referral = await createReferral(db, {
      patient_id: patient.id,
      from_establishment_id: sender,
      to_establishment_id: receiver,
    });
    expect(await found(gpReceiver, 'vasquez')).toEqual([]);
    expect(await reads(gpReceiver, patient.id)).toBe(404);

    await db.update(referrals).set({ status: 'SBMT' }).where(eq(referrals.id, referral.id));
    expect(await found(gpReceiver, 'vasquez')).toEqual([patient.id]);
    expect(await reads(gpReceiver, patient.id)).toBe(200);

    await db.update(referrals).set({ is_deleted: true }).where(eq(referrals.id, referral.id));
    expect(await found(gpReceiver, 'vasquez')).toEqual([]);
    expect(await reads(gpReceiver, patient.id)).toBe(404);
    // The owner still sees its own record.
    expect(await found(gpSender, 'vasquez')).toEqual([patient.id]);
  });

  it('an MRN shows the patient to the establishment that holds it until it is removed', async () => {
    const db = t.database.db;
    const patient = await createPatient(db, { establishment_id: sender, last_name: 'Wexley-Mrn' });
    const [mrn] = await db
      .insert(patientMrns)
      .values({ patient_id: patient.id, establishment_id: receiver, number: 'RC-55012' })
      .returning();
    expect(await found(gpReceiver, 'rc-55012')).toEqual([patient.id]);
    expect(await found(gpReceiver, 'wexley')).toEqual([patient.id]);

    await db.delete(patientMrns).where(eq(patientMrns.id, mrn!.id));
    expect(await found(gpReceiver, 'wexley')).toEqual([]);
  });

  it('a renamed patient is found by the new name only', async () => {
    const res = await gpSender.api('POST', '/api/patients/', {
      first_name: 'Imogen',
      last_name: 'Ashcombe',
      dob: '1980-02-03',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: string; version: number }>();
    const renamed = await gpSender.api('PATCH', `/api/patients/${created.id}/`, {
      last_name: 'Brightwater',
      version: created.version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await found(gpSender, 'ashcombe')).toEqual([]);
    expect(await found(gpSender, 'imogen bright')).toEqual([created.id]);
  });

  it('a deleted patient is seen by nobody', async () => {
    const db = t.database.db;
    const patient = await createPatient(db, { establishment_id: sender, last_name: 'Yarrowby' });
    await db.update(patients).set({ status: 'deleted' }).where(eq(patients.id, patient.id));
    expect(await found(gpSender, 'yarrowby')).toEqual([]);
    expect(await reads(gpSender, patient.id)).toBe(404);
  });

  it('cannot be widened by the server: its database role may only read what the database keeps', async () => {
    const patient = await createPatient(t.database.db, { establishment_id: sender, last_name: 'Zellweger' });
    const forged = t.app.database.db.execute(sql`insert into visible_patients
      (establishment_id, patient_id, last_name_key, first_name_key, status, is_imported, owns, holds_mrn)
      values (${receiver}, ${patient.id}, 'zellweger', 'x', 'complete', false, true, false)`);
    await expect(forged).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/permission denied/) },
    });
    expect(await found(gpReceiver, 'zellweger')).toEqual([]);
  });
});
