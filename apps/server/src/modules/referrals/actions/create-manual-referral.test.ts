import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createPatient, type Patient } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { notifications } from '../../../db/schema/notifications.ts';
import { directoryDoctors, patients } from '../../../db/schema/patients.ts';
import { referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { PDF, PNG, storedFiles } from '../attachments/attachment-test-helpers.ts';
import { postManualReferral, TYPED_REFERRER } from '../manual/manual-referral-test-setup.ts';
import { PATIENT_NOT_VISIBLE } from '../referral-draft-checks.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { historyOf } from './referral-action-test-setup.ts';
import { MANUAL_RECEIVER_NOT_YOURS } from './create-manual-referral.ts';

type Json = Record<string, unknown>;

describe('MANUAL referrals typed in by their receiver (POST referrals/ with type MANUAL)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let dataDir: string;
  let clinicPatient: Patient;
  const db = () => t.database.db;
  const stored = () => storedFiles(dataDir);
  const manual = (overrides: Json = {}) => ({
    type: 'MANUAL',
    patient: clinicPatient.id,
    referrer: TYPED_REFERRER,
    referrer_message: 'Chest pain on exertion; please assess.',
    manual_gp: 'Dr Anne Lee, Riverbend Medical',
    manual_internal_note: 'Faxed twice; the second copy is clearer.',
    ...overrides,
  });
  const referralCount = async () => (await db().select({ n: count() }).from(referrals))[0]?.n ?? 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'manual-referrals-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await referralParties(t.app, t.database.db);
    clinicPatient = await createPatient(db(), {
      establishment_id: p.clinic.id,
      first_name: 'Mei',
      last_name: 'Tanaka',
      dob: '1961-04-02',
    });
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records a JSON MANUAL referral in the inbox New, with no sender, its history and audit, notifying no one', async () => {
    const notificationsBefore = (await db().select({ n: count() }).from(notifications))[0]?.n;
    const res = await p.triageNurse.api('POST', '/api/referrals/', manual());
    expect(res.statusCode).toBe(201);
    const referral = res.json<Json & { id: string }>();
    expect(referral).toMatchObject({
      type: 'MANUAL',
      status: { value: 'SBMT' },
      patient: { id: clinicPatient.id },
      referrer: null,
      from_establishment: null,
      to_establishment: { id: p.clinic.id },
      // The nurse sees the shared inbox: nobody is assigned yet.
      assignee: null,
      manual_referrer: { ...TYPED_REFERRER, directory_doctor: null, email: null },
      referrer_provider_num: TYPED_REFERRER.provider_number,
      referrer_message: 'Chest pain on exertion; please assess.',
      manual_gp: 'Dr Anne Lee, Riverbend Medical',
      manual_internal_note: 'Faxed twice; the second copy is clearer.',
      side: 'receiver',
      unread: true,
      duration: 12,
    });
    expect(referral.allowed_actions).toEqual(
      expect.arrayContaining(['view', 'accept', 'manual_schedule', 'return', 'forward']),
    );
    const [row] = await db().select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row?.expires_at?.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const history = await historyOf(db(), referral.id);
    expect(history.map((h) => [h.action, h.from_status, h.to_status])).toEqual([['create', null, 'SBMT']]);
    expect(history[0]?.detail).toMatchObject({ type: 'MANUAL', patient_match: 'chosen' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.create'), eq(auditLog.resource_id, referral.id)));
    expect(audit).toMatchObject([{ patient_id: clinicPatient.id, actor_id: p.triageNurse.user.id }]);
    expect((await db().select({ n: count() }).from(notifications))[0]?.n).toBe(notificationsBefore);

    // In the clinic's inbox New, naming who it is from; and nowhere in anyone's outbox.
    const inbox = await p.triageNurse.api('GET', '/api/referrals/?box=inbox&list=new');
    const listed = inbox.json<{ results: Json[] }>().results.find((item) => item.id === referral.id);
    expect(listed).toMatchObject({
      type: 'MANUAL',
      referrer: null,
      from_establishment: null,
      manual_referrer: { name: 'Dr Helen Okafor', practice_name: 'Riverbend Medical' },
      unread: true,
      pending_action: true,
    });
    const outbox = await p.gp.api('GET', '/api/referrals/?box=outbox');
    expect(outbox.json<{ results: Json[] }>().results.some((item) => item.id === referral.id)).toBe(false);
    expect((await p.outsider.api('GET', `/api/referrals/${referral.id}/`)).statusCode).toBe(404);
  });

  it('makes a recorder without shared inbox access its assignee, and a specialist referrer gives 3 months', async () => {
    const res = await p.specialist.api(
      'POST',
      '/api/referrals/',
      manual({
        referrer: { ...TYPED_REFERRER, role: 'SP' },
        referrer_message: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      assignee: { id: p.specialist.user.id },
      duration: 3,
      referrer_message: null,
      side: 'receiver',
    });
  });

  it('refuses a caller who does not take referrals in (403) and another receiver (400), storing nothing', async () => {
    const before = await referralCount();
    const sender = await p.gp.api('POST', '/api/referrals/', manual());
    expect(sender.statusCode).toBe(403);
    const elsewhere = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({ to_establishment: p.practice.id }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ to_establishment: [MANUAL_RECEIVER_NOT_YOURS] });
    const mine = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({ to_establishment: p.clinic.id }),
    );
    expect(mine.statusCode).toBe(201);
    const files = (await stored()).length;
    const withFiles = await postManualReferral(t.app, p.gp, manual(), [{ name: 'letter.pdf', bytes: PDF }]);
    expect(withFiles.statusCode).toBe(403);
    expect((await stored()).length).toBe(files);
    expect(await referralCount()).toBe(before + 1);
  });

  it('takes only a patient the establishment sees, and exactly one of patient and new_patient', async () => {
    const before = await referralCount();
    const foreign = await p.triageNurse.api('POST', '/api/referrals/', manual({ patient: p.patient.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ patient: [PATIENT_NOT_VISIBLE] });
    const both = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        new_patient: { first_name: 'A', last_name: 'B', dob: '1990-01-01' },
      }),
    );
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json())).toEqual(['patient']);
    const invalid = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        patient: null,
        new_patient: { first_name: 'Ava', last_name: '', dob: '1990-01-01', pub_insurance_details: '123' },
      }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      new_patient: { last_name: ['This field is required.'], pub_insurance_details: [expect.any(String)] },
    });
    expect(await referralCount()).toBe(before);
  });

  it('matches the letter’s patient by Medicare number, else by name and date of birth, else creates one', async () => {
    const medicare = clinicPatient.pub_insurance_details ?? '';
    const spaced = `${medicare.slice(0, 4)} ${medicare.slice(4, 9)} ${medicare.slice(9)}`;
    const byMedicare = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        patient: null,
        new_patient: {
          first_name: 'May',
          last_name: 'Tanaka-Smith',
          dob: '1961-04-02',
          pub_insurance_details: spaced,
          medicare_ref_num: clinicPatient.medicare_ref_num,
        },
      }),
    );
    expect(byMedicare.statusCode).toBe(201);
    expect(byMedicare.json()).toMatchObject({ patient: { id: clinicPatient.id } });

    // One card covers a family: the same number with another date of birth is someone else.
    const sibling = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        patient: null,
        new_patient: {
          first_name: 'Ken',
          last_name: 'Tanaka',
          dob: '1994-08-30',
          pub_insurance_details: medicare,
        },
      }),
    );
    expect(sibling.statusCode).toBe(201);
    const siblingId = sibling.json<{ patient: { id: string } }>().patient.id;
    expect(siblingId).not.toBe(clinicPatient.id);

    const byName = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        patient: null,
        new_patient: { first_name: 'MEI', last_name: 'tanaka', dob: '1961-04-02' },
      }),
    );
    expect(byName.json()).toMatchObject({ patient: { id: clinicPatient.id } });
    const [matched] = await historyOf(db(), byName.json<{ id: string }>().id);
    expect(matched?.detail).toMatchObject({ patient_match: 'name_and_dob' });

    const created = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        patient: null,
        new_patient: { first_name: 'Tomas', last_name: 'Novak', dob: '1978-11-19', phone: '0412 345 678' },
      }),
    );
    expect(created.statusCode).toBe(201);
    const newId = created.json<{ patient: { id: string } }>().patient.id;
    const [record] = await db().select().from(patients).where(eq(patients.id, newId));
    expect(record).toMatchObject({
      establishment_id: p.clinic.id,
      first_name: 'Tomas',
      created_by_id: p.triageNurse.user.id,
      status: 'complete',
    });
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.patient_id, newId));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['patient.create', 'referral.create']),
    );
    // The clinic sees the new record as its own patient.
    expect((await p.clinicColleague.api('GET', `/api/patients/${newId}/`)).statusCode).toBe(200);
  });

  it('copies a directory entry the establishment uses into the referrer, and refuses another’s', async () => {
    const [shared] = await db()
      .insert(directoryDoctors)
      .values({
        title: 'PROF',
        first_name: 'Ian',
        last_name: 'Moss',
        role: 'SP',
        practice_name: 'Moss Cardiology',
        provider_num_list: ['4321765A', '2426621B'],
        email: 'ian.moss@moss.example',
      })
      .returning();
    const [elsewhere] = await db()
      .insert(directoryDoctors)
      .values({ establishment_id: p.practice.id, first_name: 'Own', last_name: 'Contact', role: 'HCP' })
      .returning();
    const res = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        referrer: { ...TYPED_REFERRER, directory_doctor: shared?.id },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      manual_referrer: {
        directory_doctor: shared?.id,
        title: 'PROF',
        first_name: 'Ian',
        last_name: 'Moss',
        role: 'SP',
        practice_name: 'Moss Cardiology',
        // The typed number is one of the entry's, so it is kept.
        provider_number: '2426621B',
        email: 'ian.moss@moss.example',
        phone: TYPED_REFERRER.phone,
      },
      duration: 3,
    });
    const refused = await p.triageNurse.api(
      'POST',
      '/api/referrals/',
      manual({
        referrer: { ...TYPED_REFERRER, directory_doctor: elsewhere?.id },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      referrer: { directory_doctor: ['Choose a doctor from the directory.'] },
    });
  });

  it('records the multipart body’s files as referrer attachments, in their order', async () => {
    const res = await postManualReferral(t.app, p.triageNurse, manual(), [
      { name: 'Referral letter.pdf', bytes: PDF },
      { name: 'ECG.png', bytes: PNG },
    ]);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: string }>().id;
    const list = await p.triageNurse.api('GET', `/api/referrals/${id}/referrer-attachments/`);
    expect(list.json()).toMatchObject({
      count: 2,
      results: [
        { original_name: 'Referral letter.pdf', content_type: 'application/pdf', kind: 'referrer' },
        { original_name: 'ECG.png', content_type: 'image/png', kind: 'referrer' },
      ],
    });
    const first = list.json<{ results: { file: string }[] }>().results[0];
    const download = await p.triageNurse.api('GET', first?.file ?? '');
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses an oversized file, a wrong type, a stray part and a 21st file, leaving no file and no row', async () => {
    const before = { files: (await stored()).length, referrals: await referralCount() };
    const attachments = async () => (await db().select({ n: count() }).from(referralAttachments))[0]?.n;
    const rows = await attachments();
    const big = await postManualReferral(t.app, p.triageNurse, manual(), [
      { name: 'letter.pdf', bytes: PDF },
      { name: 'scan.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ referrer_attachments: ['scan.pdf: The file is larger than 5 MB.'] });
    const text = await postManualReferral(t.app, p.triageNurse, manual(), [
      { name: 'letter.pdf', bytes: PDF },
      { name: 'notes.txt', bytes: Buffer.from('just text') },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json<{ referrer_attachments: string[] }>().referrer_attachments[0]).toMatch(
      /^notes\.txt: This type of file is not accepted\./,
    );
    const stray = await postManualReferral(t.app, p.triageNurse, manual(), [
      { name: 'letter.pdf', bytes: PDF, field: 'file' },
    ]);
    expect(stray.statusCode).toBe(400);
    const many = await postManualReferral(
      t.app,
      p.triageNurse,
      manual(),
      Array.from({ length: 21 }, (_, i) => ({ name: `page-${i}.pdf`, bytes: PDF })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({
      referrer_attachments: ['A referral can have at most 20 referrer attachments.'],
    });
    const invalid = await postManualReferral(t.app, p.triageNurse, manual({ patient: p.patient.id }), [
      { name: 'letter.pdf', bytes: PDF },
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ patient: [PATIENT_NOT_VISIBLE] });
    expect((await stored()).length).toBe(before.files);
    expect(await referralCount()).toBe(before.referrals);
    expect(await attachments()).toBe(rows);
  });

  it('still starts a MANUAL draft to a receiver not listed from a JSON body without the letter’s referrer', async () => {
    const draft = await p.gp.api('POST', '/api/referrals/', {
      type: 'MANUAL',
      patient: p.patient.id,
      referral_receiver_establishment_practice_name: 'Coastal Physio',
    });
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({
      type: 'MANUAL',
      status: { value: 'DRFT' },
      from_establishment: { id: p.practice.id },
      referrer: { id: p.gp.user.id },
      manual_referrer: null,
    });
    const bad = await p.gp.api('POST', '/api/referrals/', { type: 'MANUAL', duration: 'twelve' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['duration']);
  });
});
