import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createPatient } from '../../db/factories/factories.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { patients } from '../../db/schema/patients.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';

const EMAIL = 'olivia.whitfield@example.com';
const DOB = '1979-06-02';

describe('my referrals: a patient’s own account sees the referrals about them', () => {
  let t: TestApp;
  let p: ReferralParties;
  let olivia: Person;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    await t.database.db
      .update(patients)
      .set({ email: EMAIL.toUpperCase(), dob: DOB })
      .where(eq(patients.id, p.patient.id));
    olivia = await signedInPerson(t.app, t.database.db, {
      user: { email: EMAIL, user_type: 'patient', role: null, dob: DOB, email_verified_at: new Date() },
    });
  });
  afterAll(() => t.app.close());
  const db = () => t.database.db;
  const mine = async (who: Person = olivia) => {
    const res = await who.api('GET', '/api/my/referrals/');
    expect(res.statusCode).toBe(200);
    return res.json<{ count: number; results: { id: string; status: { display: string } }[] }>();
  };

  it('lists them in a patient’s words, never a draft, with the appointment only when shown, and audits each read', async () => {
    const sent = await insertReferral(db(), p, { status: 'SBMT' });
    const booked = await insertReferral(db(), p, {
      status: 'SCHDL',
      submitted_at: new Date('2026-11-10T10:00:00Z'),
    });
    const hidden = await insertReferral(db(), p, {
      status: 'SCHDL',
      show_appointment_details: false,
      submitted_at: new Date('2026-11-05T10:00:00Z'),
    });
    const draft = await insertReferral(db(), p, { status: 'DRFT', submitted_at: null });
    const page = await mine();
    const byId = new Map(page.results.map((r) => [r.id, r]));
    expect(byId.has(draft.id)).toBe(false);
    expect(byId.get(sent.id)).toMatchObject({
      status: { value: 'SBMT', display: 'Sent' },
      receiver: 'Northside Cardiology',
      specialist: 'Dr Samuel Hart',
      referrer: 'Dr Grace Palmer',
      referrer_establishment: 'Harbour Family Practice',
      appointment: null,
    });
    expect(byId.get(booked.id)).toMatchObject({
      status: { display: 'Appointment booked' },
      appointment: { date: '2026-11-19T22:00:00.000Z', location: 'Room 1' },
    });
    expect(byId.get(hidden.id)).toMatchObject({
      status: { display: 'Appointment booked' },
      appointment: null,
    });
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, olivia.user.id), eq(auditLog.action, 'referral.read')));
    expect(reads.map((row) => row.resource_id).sort()).toEqual([...byId.keys()].sort());
    expect(reads.every((row) => row.patient_id === p.patient.id)).toBe(true);
  });

  it('shows a sent report addressed to the patient, and none that is not', async () => {
    const referral = await insertReferral(db(), p, { status: 'ACPT' });
    const write = async (recipients: object[]) => {
      const created = await p.specialist.api('POST', `/api/referrals/${referral.id}/reports/`, {
        title: 'Your cardiology review',
        report_body: '<p>Your heart rhythm is normal.</p>',
        recipients,
      });
      expect(created.statusCode).toBe(201);
      return created.json<{ id: string }>().id;
    };
    const toPatient = await write([{ type: 'referrer' }, { type: 'patient' }]);
    const toReferrer = await write([{ type: 'referrer' }]);
    // Not sent yet: neither listed nor readable.
    expect((await olivia.api('GET', `/api/my/reports/${toPatient}/`)).statusCode).toBe(404);
    for (const id of [toPatient, toReferrer]) {
      const submitted = await p.specialist.api('POST', `/api/referrals/${referral.id}/reports/${id}/submit/`);
      expect(submitted.statusCode).toBe(200);
    }
    const listed = (await mine()).results.find((r) => r.id === referral.id) as unknown as {
      reports: { id: string }[];
    };
    expect(listed.reports.map((r) => r.id)).toEqual([toPatient]);
    const read = await olivia.api('GET', `/api/my/reports/${toPatient}/`);
    expect(read.json()).toMatchObject({
      id: toPatient,
      referral_id: referral.id,
      title: 'Your cardiology review',
      report_body: '<p>Your heart rhythm is normal.</p>',
      author: 'Dr Samuel Hart',
      establishment: 'Northside Cardiology',
    });
    const other = await olivia.api('GET', `/api/my/reports/${toReferrer}/`);
    expect([other.statusCode, other.json()]).toEqual([404, { detail: 'Not found.' }]);
    // Nobody else reads it here, not even its author or the referrer: they read it on the referral.
    for (const who of [p.gp, p.specialist]) {
      const res = await who.api('GET', `/api/my/reports/${toPatient}/`);
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
  });

  it('needs the account’s verified email and its date of birth on the record: a namesake or a provider sees none', async () => {
    const namesake = await signedInPerson(t.app, db(), {
      user: {
        email: 'o.whitfield@example.com',
        user_type: 'patient',
        role: null,
        dob: DOB,
        email_verified_at: new Date(),
      },
    });
    await createPatient(db(), {
      establishment_id: p.outsiderPractice.id,
      first_name: 'Olivia',
      last_name: 'Whitfield',
      email: 'o.whitfield@example.com',
      dob: '1980-01-01',
    });
    const unverified = await signedInPerson(t.app, db(), {
      user: {
        email: 'unverified@example.com',
        user_type: 'patient',
        role: null,
        dob: DOB,
        email_verified_at: null,
      },
    });
    await createPatient(db(), {
      establishment_id: p.practice.id,
      first_name: 'Una',
      last_name: 'Verified',
      email: 'unverified@example.com',
      dob: DOB,
    });
    await insertReferral(db(), p, { status: 'SBMT' });
    for (const who of [namesake, unverified, p.gp])
      expect(await mine(who)).toMatchObject({ count: 0, results: [] });
    expect((await mine()).count).toBeGreaterThan(0);
  });

  it('also finds a record the practice linked to the account, whatever its email', async () => {
    const linked = await createPatient(db(), {
      establishment_id: p.practice.id,
      first_name: 'Olivia',
      last_name: 'Whitfield',
      email: null,
      dob: '1979-06-02',
      user_id: olivia.user.id,
    });
    const referral = await insertReferral(db(), p, { status: 'ACPT', patient_id: linked.id });
    expect((await mine()).results.map((r) => r.id)).toContain(referral.id);
  });
});
