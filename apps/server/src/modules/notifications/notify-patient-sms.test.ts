import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEstablishment } from '../../db/factories/factories.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { patients } from '../../db/schema/patients.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson } from '../establishments/establishment-test-people.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { SMS_SEND } from '../sms/sms-delivery.ts';
import { readSmsOutbox } from '../sms/sms-test-support.ts';

const BOOKING = { appointment_date: '2026-12-01T09:30:00+11:00', appointment_location: 'Suite 4' };

describe('a text message to the patient when the appointment is booked (issue 25, SMS)', () => {
  let t: TestApp;
  let p: ReferralParties;
  const db = () => t.database.db;
  const setPhone = (phone: string | null) =>
    db().update(patients).set({ phone }).where(eq(patients.id, p.patient.id));
  const setSms = (id: string, sms_enabled: boolean) =>
    db().update(establishments).set({ sms_enabled }).where(eq(establishments.id, id));

  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, db());
    await db()
      .update(establishments)
      .set({ state: 'NSW', phone1: '02 9876 5432' })
      .where(eq(establishments.id, p.clinic.id));
  });
  afterAll(() => t.app.close());
  beforeEach(async () => {
    await setPhone('0412 345 678');
    await setSms(p.clinic.id, true);
  });

  const newTexts = async (since: number) => (await readSmsOutbox(t.app)).slice(since);
  const schedule = async (overrides: object = {}, path = 'schedule/') => {
    const referral = await insertReferral(db(), p, { status: 'ACPT' });
    const before = (await readSmsOutbox(t.app)).length;
    const answer = await p.specialist.api('PUT', `/api/referrals/${referral.id}/${path}`, {
      ...BOOKING,
      ...overrides,
    });
    expect(answer.statusCode).toBe(200);
    return { referral, texts: await newTexts(before) };
  };

  it('texts the patient’s mobile, in E.164, the clinic, the time in its zone and the place, and nothing clinical', async () => {
    const { texts } = await schedule();
    expect(texts).toHaveLength(1);
    expect(texts[0]?.to).toBe('+61412345678');
    expect(texts[0]?.body).toBe(
      'Northside Cardiology has booked your appointment: 1 Dec 2026, 9:30 am AEDT, at Suite 4. To change it, call 02 9876 5432. Please do not reply to this text.',
    );
    expect(texts[0]?.body).not.toMatch(/Palpitations|Olivia|Whitfield/);
  });

  it('texts when a booking is moved, and only that there is one when the details are not to be shown', async () => {
    const referral = await insertReferral(db(), p, { status: 'SCHDL' });
    const before = (await readSmsOutbox(t.app)).length;
    const moved = await p.specialist.api('PUT', `/api/referrals/${referral.id}/reschedule/`, {
      reschedule_reason: 'PATIENT_REQUEST',
      appointment_date: '2026-12-08T14:00:00+11:00',
      appointment_location: 'Suite 5',
    });
    expect(moved.statusCode).toBe(200);
    const [text] = await newTexts(before);
    expect(text?.body).toMatch(
      /^Northside Cardiology has moved your appointment to 8 Dec 2026, 2:00 pm AEDT, at Suite 5\./,
    );

    const { texts } = await schedule({ show_appointment_details: false });
    expect(texts.map((m) => m.body)).toEqual([
      'Northside Cardiology has booked an appointment for you and will contact you with the details. Please do not reply to this text.',
    ]);
  });

  it('texts nobody when the clinic has not enabled SMS, or the patient has a landline or no phone', async () => {
    await setSms(p.clinic.id, false);
    expect((await schedule()).texts).toEqual([]);
    await setSms(p.clinic.id, true);
    await setPhone('02 9123 4567');
    expect((await schedule()).texts).toEqual([]);
    await setPhone(null);
    expect((await schedule()).texts).toEqual([]);
  });

  it('queues nothing for a dry run, nor for an action that texts no one (accept)', async () => {
    const smsJobs = async () =>
      (await db().select().from(jobs)).filter((job) => job.kind === SMS_SEND).length;
    const before = await smsJobs();
    const referral = await insertReferral(db(), p, { status: 'ACPT' });
    const dry = await p.specialist.api(
      'PUT',
      `/api/referrals/${referral.id}/schedule/?validate=true`,
      BOOKING,
    );
    expect(dry.statusCode).toBe(200);
    const submitted = await insertReferral(db(), p, { status: 'SBMT' });
    expect((await p.specialist.api('PUT', `/api/referrals/${submitted.id}/accept/`, {})).statusCode).toBe(
      200,
    );
    expect(await smsJobs()).toBe(before);
    expect((await schedule()).texts).toHaveLength(1);
    expect(await smsJobs()).toBe(before + 1);
  });

  it('texts for a hospital department when the department or its hospital has SMS enabled', async () => {
    const hospital = await createEstablishment(db(), {
      name: 'Royal Eastern Hospital',
      type: 'HL',
      state: 'WA',
    });
    const department = await createEstablishment(db(), {
      name: 'Cardiology',
      type: 'DT',
      hospital_id: hospital.id,
      state: 'WA',
    });
    const doctor = await signedInPerson(t.app, db(), {
      at: department.id,
      employment: { permissions: ['accept_referral'] },
      user: { role: 'SP' },
    });
    const bookAtDepartment = async () => {
      const referral = await insertReferral(db(), p, {
        status: 'ACPT',
        to_establishment_id: department.id,
        assignee_id: doctor.user.id,
      });
      const before = (await readSmsOutbox(t.app)).length;
      const answer = await doctor.api('PUT', `/api/referrals/${referral.id}/schedule/`, BOOKING);
      expect(answer.statusCode).toBe(200);
      return newTexts(before);
    };
    expect(await bookAtDepartment()).toEqual([]);
    await setSms(hospital.id, true);
    const [viaHospital] = await bookAtDepartment();
    expect(viaHospital?.body).toMatch(
      /^Cardiology, Royal Eastern Hospital has booked your appointment: 1 Dec 2026, 6:30 am AWST, at Suite 4\./,
    );
    await setSms(hospital.id, false);
    await setSms(department.id, true);
    expect(await bookAtDepartment()).toHaveLength(1);
  });
});
