import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { PORTAL_SENDER } from '@referrals/domain/notifications/referral-notifications';
import {
  CAPTCHA_FAILED,
  CODE_WRONG,
  CONSENT_REQUIRED,
} from '@referrals/domain/portals/external-referral-schemas';
import { createPatient, type Patient } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { notifications } from '../../../db/schema/notifications.ts';
import { patients } from '../../../db/schema/patients.ts';
import {
  externalDraftFiles,
  externalReferralDrafts,
  usedCaptchaChallenges,
} from '../../../db/schema/portals.ts';
import { formTemplates, referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { readMailbox } from '../../../../test/mailbox.ts';
import { referralAccessLinks } from '../../../db/schema/external-access.ts';
import { loadCaptchaKey } from '../../auth/server-keys.ts';
import type { Person } from '../../establishments/establishment-test-people.ts';
import { historyOf } from '../../referrals/actions/referral-action-test-setup.ts';
import {
  cardiologyTemplate,
  PDF,
  storedFiles,
  uploadAs,
} from '../../referrals/attachments/attachment-test-helpers.ts';
import type { ReferralParties } from '../../referrals/referral-test-parties.ts';
import { issueCaptchaChallenge } from './captcha.ts';
import {
  askForCode,
  createDraft,
  draftClient,
  PATIENT_SENDER_DRAFT,
  portalParties,
  PROVIDER_SENDER_DRAFT,
  solvedCaptcha,
  type DraftClient,
} from './external-test-setup.ts';

type Json = Record<string, unknown>;
type Submitted = { referral: { id: string; submitted_at: string }; establishment: { name: string } };

describe('submitting an external referral (public/establishments/{id}/referrals/{ref}/submit/)', () => {
  let t: TestApp;
  let p: ReferralParties & { receiver: Person };
  let dataDir: string;
  let known: Patient;
  const db = () => t.database.db;
  const referralCount = async () => (await db().select({ n: count() }).from(referrals))[0]?.n ?? 0;
  const patientCount = async () => (await db().select({ n: count() }).from(patients))[0]?.n ?? 0;
  const captchaCount = async () => (await db().select({ n: count() }).from(usedCaptchaChallenges))[0]?.n ?? 0;
  /** What a refused submit must leave as it was. */
  const storedState = async () => [
    await referralCount(),
    await patientCount(),
    await captchaCount(),
    (await storedFiles(dataDir)).length,
  ];
  /** A draft of `body` with its code asked for and read from the mailbox. */
  const readyDraft = async (
    body: object = PATIENT_SENDER_DRAFT,
    email: string = PATIENT_SENDER_DRAFT.sender.email,
  ) => {
    const draft = await createDraft(t.app, p.clinic.id, body);
    return { draft, code: await askForCode(t.app, draft, email) };
  };
  const submit = (draft: DraftClient, body: object) => draft.api('POST', 'submit/', body);
  const moveCodeBack = (draft: DraftClient, ms: number) =>
    db()
      .update(externalReferralDrafts)
      .set({ code_sent_at: new Date(Date.now() - ms) })
      .where(eq(externalReferralDrafts.id, draft.id));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-submit-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await portalParties(t.app, db());
    await db().insert(formTemplates).values(cardiologyTemplate(p.clinic.id));
    // The clinic's own record of Ruth Ellison, with her Medicare card.
    known = await createPatient(db(), {
      establishment_id: p.clinic.id,
      first_name: 'Ruth',
      last_name: 'Elison',
      dob: PATIENT_SENDER_DRAFT.patient.dob,
    });
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lands in the receiver’s inbox New as EXTERNAL, the patient matched by Medicare number and date of birth', async () => {
    const { draft, code } = await readyDraft({
      ...PATIENT_SENDER_DRAFT,
      patient: {
        ...PATIENT_SENDER_DRAFT.patient,
        pub_insurance_details: known.pub_insurance_details,
        medicare_ref_num: known.medicare_ref_num,
      },
    });
    const upload = await uploadAs(t.app, { headers: draft.headers }, `${draft.url}referrer-attachments/`, {
      name: 'ecg.pdf',
      fields: { field: 'ecg' },
    });
    const attachmentId = upload.json<{ id: string }>().id;
    // The form's file field names the file by its id, which it keeps on the referral.
    const forms = { cardiology: { ecg: [attachmentId] } };
    expect((await draft.api('PATCH', '', { forms })).statusCode).toBe(200);
    const [file] = await db()
      .select()
      .from(externalDraftFiles)
      .where(eq(externalDraftFiles.id, attachmentId));

    const res = await submit(draft, { code, altcha: await solvedCaptcha(t.app) });
    expect(res.statusCode).toBe(201);
    const answer = res.json<Submitted>();
    expect(answer).toEqual({
      referral: { id: expect.any(String), submitted_at: expect.any(String) },
      establishment: { name: p.clinic.name },
    });

    const inbox = await p.receiver.api('GET', '/api/referrals/?box=inbox&list=new');
    expect(inbox.statusCode).toBe(200);
    const row = inbox
      .json<{ results: (Json & { id: string })[] }>()
      .results.find((r) => r.id === answer.referral.id);
    expect(row).toMatchObject({
      type: 'EXTERNAL',
      status: { value: 'SBMT' },
      manual_referrer: { name: 'Ruth Ellison', practice_name: null },
    });
    const detail = await p.receiver.api('GET', `/api/referrals/${answer.referral.id}/`);
    expect(detail.json()).toMatchObject({
      type: 'EXTERNAL',
      status: { value: 'SBMT' },
      patient: { id: known.id },
      referrer: null,
      from_establishment: null,
      to_establishment: { id: p.clinic.id },
      assignee: null,
      manual_referrer: {
        directory_doctor: null,
        first_name: 'Ruth',
        last_name: 'Ellison',
        role: 'PATIENT_CARER',
        practice_name: null,
        provider_number: null,
        email: PATIENT_SENDER_DRAFT.sender.email,
        phone: PATIENT_SENDER_DRAFT.sender.phone,
      },
      referrer_message: PATIENT_SENDER_DRAFT.referrer_message,
      unread: true,
      duration: 12,
    });
    const [stored] = await db().select().from(referrals).where(eq(referrals.id, answer.referral.id));
    expect(stored?.forms).toEqual(forms);
    expect(stored?.submitted_at?.toISOString()).toBe(answer.referral.submitted_at);

    // The file moved: the referral's attachment under the draft file's id, the same stored file.
    const [moved] = await db()
      .select()
      .from(referralAttachments)
      .where(eq(referralAttachments.id, attachmentId));
    expect(moved).toMatchObject({
      referral_id: answer.referral.id,
      kind: 'referrer',
      field: 'ecg',
      stored_name: file?.file,
      original_name: 'ecg.pdf',
      uploaded_by_id: null,
    });
    const [letGo] = await db()
      .select()
      .from(externalDraftFiles)
      .where(eq(externalDraftFiles.id, attachmentId));
    expect(letGo?.file).toBeNull();
    const download = await p.receiver.api(
      'GET',
      `/api/referrals/${answer.referral.id}/referrer-attachments/${attachmentId}/file/`,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // History and audit: nobody in the product acted; the audit row is the receiver's, with the patient.
    const history = await historyOf(db(), answer.referral.id);
    expect(history[0]).toMatchObject({ action: 'create', to_status: 'SBMT', actor_id: null });
    expect(history[0]?.detail).toMatchObject({
      type: 'EXTERNAL',
      patient_match: 'medicare',
      sender_type: 'PATIENT',
      relation: 'self',
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, answer.referral.id), eq(auditLog.action, 'referral.create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, establishment_id: p.clinic.id, patient_id: known.id });

    // The receiver is notified as for any submitted referral, in the app and by mail without the patient.
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.user_id, p.receiver.user.id), eq(notifications.subject_id, answer.referral.id)),
      );
    expect(notice).toMatchObject({ title: 'New referral received', establishment_id: p.clinic.id });
    expect(notice?.text).toContain(PORTAL_SENDER);
    const mail = (await readMailbox(t.app)).filter(
      (m) => m.to.includes(p.receiver.user.email) && m.subject === 'New referral received',
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).not.toContain('Ruth');
    // The sender, a patient or carer, gets the link that opens the referral without an account.
    const links = (await readMailbox(t.app)).filter((m) => m.to.includes(PATIENT_SENDER_DRAFT.sender.email));
    expect(links.map((m) => /\/referrals\/external\?access=[\w-]{40,}/.test(m.text))).toContain(true);
    expect(
      await db()
        .select()
        .from(referralAccessLinks)
        .where(eq(referralAccessLinks.referral_id, answer.referral.id)),
    ).toMatchObject([{ audience: 'patient', email: PATIENT_SENDER_DRAFT.sender.email.toLowerCase() }]);

    // The secret is spent: the draft no longer opens, and sending it again answers the same referral.
    expect((await draft.api('GET')).statusCode).toBe(404);
    expect((await draft.api('PATCH', '', { consent: false })).statusCode).toBe(404);
    expect((await draft.api('GET', 'referrer-attachments/')).statusCode).toBe(404);
    const count = await referralCount();
    const again = await submit(draft, { code, altcha: await solvedCaptcha(t.app) });
    expect([again.statusCode, again.json()]).toEqual([200, answer]);
    expect(await referralCount()).toBe(count);
  });

  it('creates the patient at the establishment when none matches, from a health professional', async () => {
    const before = await patientCount();
    const { draft, code } = await readyDraft(
      {
        ...PROVIDER_SENDER_DRAFT,
        patient: {
          ...PROVIDER_SENDER_DRAFT.patient,
          first_name: 'Harold',
          last_name: 'Finch',
          dob: '1949-02-11',
          concession_type: 'PENSION',
          email: 'harold.finch@example.com',
        },
      },
      PROVIDER_SENDER_DRAFT.sender.email,
    );
    const res = await submit(draft, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      altcha: await solvedCaptcha(t.app),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<Submitted>().referral.id;
    expect(await patientCount()).toBe(before + 1);
    const detail = await p.receiver.api('GET', `/api/referrals/${id}/`);
    expect(detail.json()).toMatchObject({
      type: 'EXTERNAL',
      manual_referrer: {
        first_name: 'Priya',
        role: 'GP',
        practice_name: 'Lane Cove Medical',
        provider_number: '2426621B',
      },
      referrer_provider_num: '2426621B',
    });
    const patientId = detail.json<{ patient: { id: string } }>().patient.id;
    const [record] = await db().select().from(patients).where(eq(patients.id, patientId));
    expect(record).toMatchObject({
      establishment_id: p.clinic.id,
      first_name: 'Harold',
      last_name: 'Finch',
      dob: '1949-02-11',
      sex_at_birth: 'F',
      created_by_id: null,
      status: 'complete',
    });
    expect((await historyOf(db(), id))[0]?.detail).toMatchObject({ patient_match: 'created' });
    // A health professional's link reads as the referrer's; the patient's own address, when given, gets one.
    const audiences = await db()
      .select({ audience: referralAccessLinks.audience })
      .from(referralAccessLinks)
      .where(eq(referralAccessLinks.referral_id, id));
    expect(audiences.map((row) => row.audience).sort()).toEqual(['patient', 'sender']);
    // The clinic's staff see the new record as their patient.
    expect((await p.triageNurse.api('GET', `/api/patients/${patientId}/`)).statusCode).toBe(200);
  });

  it('refuses missing mandatory fields first, as DRF field errors, storing nothing', async () => {
    const draft = await createDraft(t.app, p.clinic.id, {
      sender_type: 'PROVIDER',
      sender: { first_name: 'Priya', email: 'priya.raman@clinic.example' },
      patient: { first_name: 'Harold', pub_insurance_details: '1234' },
    });
    const before = await storedState();
    const res = await submit(draft, { code: '000000', altcha: 'anything' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      sender: {
        last_name: ['This field is required.'],
        role: ['This field is required.'],
        practice_name: ['This field is required.'],
        provider_number: ['This field is required.'],
      },
      patient: {
        last_name: ['This field is required.'],
        dob: ['This field is required.'],
        sex_at_birth: ['This field is required.'],
        concession_type: ['This field is required.'],
      },
      referrer_message: ['This field is required.'],
      consent: [CONSENT_REQUIRED],
    });
    // Then the patient's details under the patient save rules (a Medicare number is checked).
    await draft.api('PATCH', '', {
      ...PROVIDER_SENDER_DRAFT,
      patient: { ...PROVIDER_SENDER_DRAFT.patient, pub_insurance_details: '1234' },
    });
    const medicare = await submit(draft, { code: '000000', altcha: 'anything' });
    expect(medicare.statusCode).toBe(400);
    expect(medicare.json()).toEqual({ patient: { pub_insurance_details: [expect.any(String)] } });
    expect(await storedState()).toEqual(before);
  });

  it('refuses a wrong or expired code, counting wrong ones: five spend it', async () => {
    const { draft, code } = await readyDraft();
    const wrong = code === '000000' ? '000001' : '000000';
    const before = await storedState();
    const altcha = await solvedCaptcha(t.app);
    const refused = await submit(draft, { code: wrong, altcha });
    expect([refused.statusCode, refused.json()]).toEqual([400, { code: [CODE_WRONG] }]);
    const failures = async () =>
      (await db().select().from(externalReferralDrafts).where(eq(externalReferralDrafts.id, draft.id)))[0]
        ?.code_failures;
    expect(await failures()).toBe(1);
    // Past its minute and the grace minute, the right code is refused too (and counted).
    await moveCodeBack(draft, 121_000);
    expect((await submit(draft, { code, altcha })).json()).toEqual({ code: [CODE_WRONG] });
    await moveCodeBack(draft, 90_000);
    for (let i = 0; i < 3; i += 1) await submit(draft, { code: wrong, altcha });
    expect(await failures()).toBe(5);
    // The fifth wrong guess spent it: the right code no longer passes, and nothing was stored.
    expect((await submit(draft, { code, altcha })).json()).toEqual({ code: [CODE_WRONG] });
    expect(await storedState()).toEqual(before);
    // A new code (once the minute is over) works again, with the same captcha solution unspent.
    const fresh = await askForCode(t.app, draft, PATIENT_SENDER_DRAFT.sender.email);
    expect(await failures()).toBe(0);
    expect((await submit(draft, { code: fresh, altcha })).statusCode).toBe(201);
  });

  it('refuses a missing, malformed, wrong, expired or replayed captcha, storing nothing', async () => {
    const { draft, code } = await readyDraft();
    const before = await storedState();
    const missing = await submit(draft, { code });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['altcha']);
    const failed = { altcha: [CAPTCHA_FAILED] };
    const malformed = await submit(draft, { code, altcha: 'bm90IGpzb24=' });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, failed]);

    const good = await solvedCaptcha(t.app);
    const payload = JSON.parse(Buffer.from(good, 'base64').toString()) as {
      challenge: { parameters: Json; signature: string };
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrongKey = encode({
      ...payload,
      solution: { ...payload.solution, counter: payload.solution.counter + 1 },
    });
    expect((await submit(draft, { code, altcha: wrongKey })).json()).toEqual(failed);
    const cheaper = encode({
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } },
    });
    expect((await submit(draft, { code, altcha: cheaper })).json()).toEqual(failed);
    // A challenge of ours that expired (issued 11 minutes ago), solved all the same.
    const secret = await loadCaptchaKey(db());
    const old = await issueCaptchaChallenge(secret, new Date(Date.now() - 11 * 60_000));
    const oldSolution = await solveChallenge({ challenge: old, deriveKey });
    const expired = await submit(draft, { code, altcha: encode({ challenge: old, solution: oldSolution }) });
    expect([expired.statusCode, expired.json()]).toEqual([400, failed]);
    expect(await storedState()).toEqual(before);

    // A solution already spent on another referral is a replay.
    const first = await readyDraft();
    expect((await submit(first.draft, { code: first.code, altcha: good })).statusCode).toBe(201);
    const after = await storedState();
    const replay = await submit(draft, { code, altcha: good });
    expect([replay.statusCode, replay.json()]).toEqual([400, failed]);
    expect(await storedState()).toEqual(after);
    expect((await draft.api('GET')).json()).toMatchObject({ submitted: false });
  });

  it('makes one referral of a draft submitted twice at once (a double click)', async () => {
    const { draft, code } = await readyDraft();
    const before = await referralCount();
    const body = { code, altcha: await solvedCaptcha(t.app) };
    const second = draftClient(t.app, p.clinic.id, draft.id, draft.token);
    const answers = await Promise.all([submit(draft, body), submit(second, body), submit(draft, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((res) => res.json<Submitted>().referral.id));
    expect(ids.size).toBe(1);
    expect(await referralCount()).toBe(before + 1);
  });

  it('answers 404 once the portal is switched off, storing nothing', async () => {
    const { draft, code } = await readyDraft();
    const before = await storedState();
    await db()
      .update(establishments)
      .set({ portal_enabled: false })
      .where(eq(establishments.id, p.clinic.id));
    try {
      const res = await submit(draft, { code, altcha: await solvedCaptcha(t.app) });
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
    } finally {
      await db()
        .update(establishments)
        .set({ portal_enabled: true })
        .where(eq(establishments.id, p.clinic.id));
    }
    expect(await storedState()).toEqual(before);
  });
});
