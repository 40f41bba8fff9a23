import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_REFERRER_MESSAGE } from '@referrals/domain/constants';
import { establishments } from '../../../db/schema/establishments.ts';
import { notifications } from '../../../db/schema/notifications.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { PDF, uploadAs } from '../attachments/attachment-test-helpers.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { historyOf, insertReferral, referralSnapshot, rowOf } from './referral-action-test-setup.ts';
import { ADVICE_NOT_TAKEN } from './submit-referral.ts';

const ADVICE = 'ADVICE_AND_GUIDANCE';
const QUESTION = 'Would you start a beta blocker before referral? ECG attached.';

describe('advice and guidance: a question answered with a report, or converted into a referral', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());
  const db = () => t.database.db;
  const url = (id: string, path = '') => `/api/referrals/${id}/${path}`;
  const takesAdvice = (value: boolean) =>
    db()
      .update(establishments)
      .set({ accepts_advice_and_guidance: value })
      .where(eq(establishments.id, p.clinic.id));

  /** A draft request for advice from the GP to the clinic, written through the API as the wizard does. */
  async function draftRequest() {
    const created = await p.gp.api('POST', '/api/referrals/', {
      type: ADVICE,
      to_establishment: p.clinic.id,
      patient: p.patient.id,
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string; version: number; referrer_message: string | null }>();
  }

  /** The same draft with the GP's question written, ready to submit. */
  async function askedRequest() {
    const draft = await draftRequest();
    const patched = await p.gp.api('PATCH', url(draft.id), {
      referrer_message: QUESTION,
      version: draft.version,
    });
    expect(patched.statusCode).toBe(200);
    return draft;
  }

  it('shows the receiver’s setting on the establishment and on the referral’s receiver', async () => {
    await takesAdvice(true);
    const clinic = await p.specialist.api('GET', `/api/establishments/${p.clinic.id}/`);
    expect(clinic.json()).toMatchObject({ accepts_advice_and_guidance: true });
    const draft = await draftRequest();
    const read = await p.gp.api('GET', url(draft.id));
    expect(read.json()).toMatchObject({
      type: ADVICE,
      to_establishment: { id: p.clinic.id, accepts_advice_and_guidance: true },
    });
  });

  it('starts without the referral’s default message: the sender writes the question', async () => {
    await takesAdvice(true);
    const draft = await draftRequest();
    expect(draft.referrer_message).toBeNull();
    const submit = await p.gp.api('POST', url(draft.id, 'submit/'));
    expect([submit.statusCode, submit.json()]).toEqual([
      400,
      { referrer_message: ['This field is required.'] },
    ]);
    const referral = await p.gp.api('POST', '/api/referrals/', { type: 'IN-APP' });
    expect(referral.json()).toMatchObject({ referrer_message: DEFAULT_REFERRER_MESSAGE });
  });

  it('is refused at submit when the receiver does not take advice requests, and nothing changes', async () => {
    await takesAdvice(true);
    const draft = await askedRequest();
    await takesAdvice(false);
    const before = await referralSnapshot(db(), draft.id);
    const submit = await p.gp.api('POST', url(draft.id, 'submit/'));
    expect([submit.statusCode, submit.json()]).toEqual([400, { type: [ADVICE_NOT_TAKEN] }]);
    expect(await referralSnapshot(db(), draft.id)).toBe(before);
    await takesAdvice(true);
    expect((await p.gp.api('POST', url(draft.id, 'submit/'))).statusCode).toBe(200);
  });

  it('announces the request as a question, and offers the receiver convert, never triage', async () => {
    await takesAdvice(true);
    const draft = await askedRequest();
    expect((await p.gp.api('POST', url(draft.id, 'submit/'))).statusCode).toBe(200);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, p.triageNurse.user.id), eq(notifications.subject_id, draft.id)));
    expect(notice).toMatchObject({
      title: 'Advice requested',
      text: expect.stringContaining('asked you for advice'),
    });

    const opened = await p.triageNurse.api('POST', url(draft.id, 'view/'));
    expect(opened.json()).toMatchObject({
      status: { value: 'VWD' },
      allowed_actions: ['convert', 'return', 'share', 'archive', 'delete'],
    });
    const before = await referralSnapshot(db(), draft.id);
    for (const [path, body] of [
      ['accept/', { triage_category: 'CAT2' }],
      ['schedule/', { appointment_date: '2026-12-10T09:00:00+11:00' }],
    ] as const) {
      const refused = await p.triageNurse.api('PUT', url(draft.id, path), body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(
        /^An advice and guidance request cannot be .*convert it into a referral first\.$/,
      );
    }
    expect(await referralSnapshot(db(), draft.id)).toBe(before);
    const renew = await p.gp.api('PUT', url(draft.id, 'renew/'), { renewal_reason: 'ONGOING_CARE' });
    expect(renew.statusCode).toBe(409);
  });

  it('is answered with a report titled Advice, which the sender reads and reviews like any report', async () => {
    await takesAdvice(true);
    const request = await insertReferral(db(), p, {
      type: ADVICE,
      status: 'VWD',
      referrer_message: QUESTION,
    });
    const created = await p.specialist.api('POST', url(request.id, 'reports/'), {
      report_body: '<p>Start bisoprolol 2.5 mg daily; refer if palpitations persist.</p>',
    });
    expect(created.statusCode).toBe(201);
    const report = created.json<{ id: string; title: string }>();
    expect(report.title).toBe('Advice');
    const submitted = await p.specialist.api('POST', url(request.id, `reports/${report.id}/submit/`));
    expect(submitted.statusCode).toBe(200);
    const inbox = await p.gp.api('GET', '/api/reports/?box=inbox&list=new');
    expect(inbox.json().results.map((r: { id: string }) => r.id)).toContain(report.id);
    const reviewed = await p.gp.api('POST', url(request.id, `reports/${report.id}/review/`));
    expect(reviewed.json()).toMatchObject({ status: { value: 'RVWD' } });
  });

  it('converts into a referral that keeps the question, the patient and the attachments, then is triaged', async () => {
    await takesAdvice(true);
    const draft = await askedRequest();
    const upload = await uploadAs(t.app, p.gp, url(draft.id, 'referrer-attachments/'), {
      name: 'ECG.pdf',
      bytes: PDF,
      fields: { field: '' },
    });
    expect(upload.statusCode).toBe(201);
    expect((await p.gp.api('POST', url(draft.id, 'submit/'))).statusCode).toBe(200);

    // Only the receiver side converts; a stranger gets the 404 of a missing referral.
    expect((await p.gp.api('POST', url(draft.id, 'convert/'))).statusCode).toBe(403);
    expect((await p.outsider.api('POST', url(draft.id, 'convert/'))).statusCode).toBe(404);

    const converted = await p.triageNurse.api('POST', url(draft.id, 'convert/'));
    expect(converted.statusCode).toBe(200);
    expect(converted.json()).toMatchObject({
      id: draft.id,
      type: 'IN-APP',
      status: { value: 'SBMT' },
      referrer_message: QUESTION,
      patient: { id: p.patient.id },
    });
    expect(converted.json().allowed_actions).toContain('accept');
    const files = await p.triageNurse.api('GET', url(draft.id, 'referrer-attachments/'));
    expect(files.json().results.map((f: { original_name: string }) => f.original_name)).toEqual(['ECG.pdf']);
    const history = await historyOf(db(), draft.id);
    expect(history.at(-1)).toMatchObject({ action: 'convert', from_status: 'SBMT', to_status: 'SBMT' });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, p.gp.user.id), eq(notifications.action, 'convert')));
    expect(notice?.text).toContain('converted your request for advice');

    // A second convert is refused: it is a referral now.
    const again = await p.triageNurse.api('POST', url(draft.id, 'convert/'));
    expect([again.statusCode, again.json().detail]).toEqual([
      409,
      'Only an advice and guidance request can be converted into a referral.',
    ]);
    const accepted = await p.triageNurse.api('PUT', url(draft.id, 'accept/'), {
      assignee: p.specialist.user.id,
      triage_category: 'CAT2',
    });
    expect(accepted.json()).toMatchObject({ status: { value: 'ACPT' }, type: 'IN-APP' });
    expect((await rowOf(db(), draft.id)).type).toBe('IN-APP');
  });
});
