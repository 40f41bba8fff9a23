import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { establishments } from '../../db/schema/establishments.ts';
import { patients } from '../../db/schema/patients.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readMailbox } from '../../../test/mailbox.ts';
import { verified } from '../external-access/access-test-setup.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';

describe('mail to the patient, as the referral’s flags ask (issue 25)', () => {
  let t: TestApp;
  let p: ReferralParties;
  const address = 'olivia.whitfield@mail.example';
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    await t.database.db.update(patients).set({ email: address }).where(eq(patients.id, p.patient.id));
    // The appointment's time is told in the clinic's own time zone (section 9).
    await t.database.db
      .update(establishments)
      .set({ state: 'NSW' })
      .where(eq(establishments.id, p.clinic.id));
  });
  afterAll(() => t.app.close());

  const patientMail = async (since: number) =>
    (await readMailbox(t.app)).slice(since).filter((mail) => mail.to === address);

  it('tells the patient their referral was sent when the sender asked, and nothing when not', async () => {
    let before = (await readMailbox(t.app)).length;
    const asked = await insertReferral(t.database.db, p, { status: 'DRFT', email_notify_patient: true });
    expect((await p.gp.api('POST', `/api/referrals/${asked.id}/submit/`)).statusCode).toBe(200);
    const [sent] = await patientMail(before);
    expect(sent?.subject).toBe('Your referral has been sent');
    expect(sent?.text).toContain('Hello Olivia,');
    expect(sent?.text).toContain('Harbour Family Practice has sent your referral to Northside Cardiology.');
    expect(sent?.text).not.toContain('Palpitations');
    // The same mail carries the patient's own link, which opens this referral once they say who they are.
    const token = /access=([\w-]+)/.exec(sent?.text ?? '')?.[1] ?? '';
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.id, p.patient.id));
    const session = await verified(t.app, token, {
      last_name: patient?.last_name,
      first_name: patient?.first_name,
      dob: patient?.dob,
    });
    expect(session.referral).toMatchObject({ id: asked.id });

    before = (await readMailbox(t.app)).length;
    const quiet = await insertReferral(t.database.db, p, { status: 'DRFT' });
    expect((await p.gp.api('POST', `/api/referrals/${quiet.id}/submit/`)).statusCode).toBe(200);
    expect(await patientMail(before)).toEqual([]);
  });

  it('gives the appointment’s time and place when the receiver books it and shows its details', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const before = (await readMailbox(t.app)).length;
    const booked = await p.specialist.api('PUT', `/api/referrals/${referral.id}/schedule/`, {
      appointment_date: '2026-12-01T09:30:00+11:00',
      appointment_location: 'Suite 4',
      receiver_email_notify_patient: true,
    });
    expect(booked.statusCode).toBe(200);
    const [mail] = await patientMail(before);
    expect(mail?.subject).toBe('Your appointment');
    expect(mail?.text).toContain('Northside Cardiology has booked an appointment for you.');
    expect(mail?.text).toContain('When: 1 Dec 2026, 9:30 am AEDT.');
    expect(mail?.text).toContain('Where: Suite 4.');
  });
});
