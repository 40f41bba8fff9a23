import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { EMAIL_NOTIFICATION_FIELDS } from '@referrals/domain/profile/profile-schemas';
import type { Report } from '@referrals/domain/reports/report-schemas';
import { createPatient, type Patient } from '../../../db/factories/factories.ts';
import { notifications } from '../../../db/schema/notifications.ts';
import { users } from '../../../db/schema/people.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { reports } from '../../../db/schema/reports.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { readMailbox } from '../../../../test/mailbox.ts';
import { reportPaths, submittedReport } from '../../reports/report-test-setup.ts';
import { allText, readPdf } from '../letter/read-pdf-test-helpers.ts';
import { TYPED_REFERRER } from '../manual/manual-referral-test-setup.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { APPOINTMENT } from './referral-action-test-setup.ts';

type Json = Record<string, unknown>;

/**
 * A MANUAL referral has no sending establishment and no referrer user: every receiver action works on it,
 * none answers a 5xx, and none tells anyone, since the side it would tell is outside the product.
 */
describe('a MANUAL referral through the receiver’s lifecycle', () => {
  let t: TestApp;
  let p: ReferralParties;
  let patient: Patient;
  const db = () => t.database.db;
  const url = (id: string, path = '') => `/api/referrals/${id}/${path}`;
  const recorded = async () => {
    const res = await p.triageNurse.api('POST', '/api/referrals/', {
      type: 'MANUAL',
      patient: patient.id,
      referrer: TYPED_REFERRER,
      referrer_message: 'Palpitations; Holter attached to the fax.',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Json & { id: string }>().id;
  };
  /** Notifications about these referrals or their reports, to anyone. */
  const toldAbout = async (ids: string[]) =>
    db().select().from(notifications).where(inArray(notifications.subject_id, ids));

  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
    patient = await createPatient(db(), { establishment_id: p.clinic.id, first_name: 'Ruth' });
    // Everyone would be mailed about anything: a notification made for anyone would show as mail.
    const everything = Object.fromEntries(EMAIL_NOTIFICATION_FIELDS.map((field) => [field, true]));
    await db().update(users).set({ email_notifications: everything });
  });
  afterAll(() => t.app.close());

  it('is viewed, accepted and scheduled by hand, telling no one and mailing no one', async () => {
    const id = await recorded();
    const mailBefore = (await readMailbox(t.app)).length;
    // The specialist neither recorded it nor sees the shared inbox: not theirs until it is assigned.
    expect((await p.specialist.api('GET', url(id))).statusCode).toBe(404);

    const viewed = await p.triageNurse.api('POST', url(id, 'view/'));
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json()).toMatchObject({ status: { value: 'VWD' }, unread: false });

    const accepted = await p.triageNurse.api('PUT', url(id, 'accept/'), {
      assignee: p.specialist.user.id,
      triage_category: 'CAT2',
      receiver_message: 'Booked into the arrhythmia clinic.',
      receiver_email_notify_referrer: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: { value: 'ACPT' },
      assignee: { id: p.specialist.user.id },
    });

    const plain = await p.specialist.api('PUT', url(id, 'schedule/'), { appointment_date: APPOINTMENT });
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toMatchObject({ detail: 'A manual referral is scheduled with manual schedule.' });
    const scheduled = await p.specialist.api('POST', url(id, 'schedule/manual/'), {
      appointment_date: APPOINTMENT,
      appointment_location: 'Room 4',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: { value: 'SCHDL' },
      from_establishment: null,
      referrer: null,
      manual_referrer: { last_name: 'Okafor' },
      // No sender side: nothing to recall or renew, and nobody to ask.
      allowed_actions: expect.not.arrayContaining(['recall', 'renew']),
    });
    const history = await p.specialist.api('GET', url(id, 'history/'));
    expect(history.json<Json[]>().map((row) => row.action)).toEqual([
      'create',
      'view',
      'accept',
      'manual_schedule',
    ]);

    expect(await toldAbout([id])).toEqual([]);
    expect((await readMailbox(t.app)).length).toBe(mailBefore);
  });

  it('is returned, telling no one', async () => {
    const id = await recorded();
    const returned = await p.triageNurse.api('PUT', url(id, 'return/'), {
      return_reason: 'DUPLICATE',
      receiver_message: 'Already seen last month.',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: { value: 'RTRN' } });
    expect(await toldAbout([id])).toEqual([]);
  });

  it('is forwarded as an IN-APP referral from the forwarder, which only its new receiver hears of', async () => {
    const id = await recorded();
    const forwarded = await p.triageNurse.api('PUT', url(id, 'forward/'), {
      forwarded_to_establishment: p.practice.id,
      forwarded_reason: 'MORE_APPROPRIATE_SERVICE',
      forwarded_message: 'Closer to home.',
      forwarded_no_named_specialist: true,
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(forwarded.json()).toMatchObject({ status: { value: 'FWRD' } });
    const [created] = await db().select().from(referrals).where(eq(referrals.forwarded_from_referral_id, id));
    expect(created).toMatchObject({
      type: 'IN-APP',
      status: 'SBMT',
      from_establishment_id: p.clinic.id,
      referrer_id: p.triageNurse.user.id,
      to_establishment_id: p.practice.id,
      manual_referrer: null,
    });
    expect(await toldAbout([id])).toEqual([]);
    const told = await toldAbout([created?.id ?? '']);
    // The practice's GP sees its shared inbox (section 6).
    expect(told.map((n) => [n.user_id, n.action])).toEqual([[p.gp.user.id, 'submit']]);
  });

  it('takes a clinical report its author sends as a letter to the referrer outside the product', async () => {
    const id = await recorded();
    await p.triageNurse.api('PUT', url(id, 'accept/'), { assignee: p.specialist.user.id });
    const report = await submittedReport(p.specialist, id);
    expect(report).toMatchObject({
      status: { value: 'SBMT' },
      referral: { id, referrer: null, from_establishment: null },
    });
    const [row] = await db().select().from(reports).where(eq(reports.id, report.id));
    expect(row?.recipient_establishment_id).toBeNull();
    // Nobody in the product reads it: no one to review it, no one told.
    expect((await p.gp.api('GET', reportPaths(id, report.id).one)).statusCode).toBe(404);
    expect(await toldAbout([id, report.id])).toEqual([]);

    const letter = await p.specialist.api('GET', url(id, `pdf/?mode=report&report_id=${report.id}`));
    expect(letter.statusCode, letter.body).toBe(200);
    const reportText = allText(readPdf(letter.rawPayload));
    expect(reportText).toContain('Helen Okafor');
    expect(reportText).toContain('Riverbend Medical');
    const outbox = await p.specialist.api('GET', '/api/reports/?box=outbox');
    expect(outbox.json<{ results: Report[] }>().results.map((item) => item.id)).toContain(report.id);
  });

  it('prints a referral letter from the referrer outside the product', async () => {
    const id = await recorded();
    const letter = await p.triageNurse.api('GET', url(id, 'pdf/'));
    expect(letter.statusCode, letter.body).toBe(200);
    const text = allText(readPdf(letter.rawPayload));
    expect(text).toContain('Dr Helen Okafor');
    expect(text).toContain('Riverbend Medical');
    expect(text).toContain(TYPED_REFERRER.provider_number);
    expect(text).toContain('Palpitations; Holter attached to the fax.');
  });
});
