import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createEstablishment } from '../../db/factories/factories.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { formTemplates, referralAttachments, referralHistory, referrals } from '../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInPerson, type Person } from '../establishments/establishment-test-people.ts';
import { PDF, PNG, storedFiles, uploadAs } from './attachments/attachment-test-helpers.ts';
import { referralParties, type ReferralParties } from './referral-test-parties.ts';

describe('referrals made from referrals: forward, renew, clone, copy', () => {
  let t: TestApp;
  let p: ReferralParties;
  let hospital: { id: string };
  let cardiologist: Person;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'referral-successors-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await referralParties(t.app, t.database.db);
    await t.database.db.insert(formTemplates).values({
      establishment_id: p.clinic.id,
      name: 'cardiology',
      title: 'Cardiology referral',
      sections: [{ title: 'Investigations', fields: [{ name: 'ecg', type: 'file' }] }],
    });
    hospital = await createEstablishment(t.database.db, { name: 'Royal Eastern Hospital', type: 'HL' });
    cardiologist = await signedInPerson(t.app, t.database.db, {
      at: hospital.id,
      employment: { permissions: ['accept_referral'] },
      user: { role: 'SP', last_name: 'Okafor' },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function submitted(forms: Record<string, Record<string, unknown>> = {}) {
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
      referrer_message: 'Exertional chest pain.',
    });
    const id = draft.json<{ id: string }>().id;
    await t.database.db.update(referrals).set({ forms }).where(eq(referrals.id, id));
    expect((await p.gp.api('POST', `/api/referrals/${id}/submit/`)).statusCode).toBe(200);
    return id;
  }
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(referrals).where(eq(referrals.id, id)))[0];

  it('forwards: the original is FWRD, the new receiver gets a submitted copy linked back and is told', async () => {
    const id = await submitted({ cardiac: { chest_pain: 'yes' } });
    const forward = {
      forwarded_to_establishment: hospital.id,
      forwarded_assignee: cardiologist.user.id,
      forwarded_reason: 'MORE_APPROPRIATE_SERVICE',
      forwarded_message: 'Needs the cath lab.',
    };
    const before = await rowOf(id);
    const dryRun = await p.specialist.api('PUT', `/api/referrals/${id}/forward/?validate=true`, forward);
    expect([dryRun.statusCode, dryRun.json()]).toEqual([200, { valid: true }]);
    expect(await rowOf(id)).toEqual(before);
    const res = await p.specialist.api('PUT', `/api/referrals/${id}/forward/`, forward);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: { value: 'FWRD' },
      forwarded_to_establishment: { id: hospital.id, name: 'Royal Eastern Hospital' },
      forwarded_reason: 'MORE_APPROPRIATE_SERVICE',
    });
    const [copy] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.forwarded_from_referral_id, id));
    expect(copy).toMatchObject({
      status: 'SBMT',
      is_forwarded: true,
      to_establishment_id: hospital.id,
      from_establishment_id: p.clinic.id,
      assignee_id: cardiologist.user.id,
      patient_id: p.patient.id,
      referrer_message: 'Exertional chest pain.',
      forms: { cardiac: { chest_pain: 'yes' } },
      receiver_unread: true,
    });
    const seen = await cardiologist.api('GET', `/api/referrals/${copy?.id}/`);
    expect(seen.json()).toMatchObject({
      side: 'receiver',
      is_forwarded: true,
      forwarded_from_referral_id: id,
    });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, cardiologist.user.id));
    expect(told.map((n) => n.subject_id)).toContain(copy?.id);
    // The referrer learns it was forwarded.
    expect((await p.gp.api('GET', `/api/referrals/${id}/`)).json()).toMatchObject({
      status: { value: 'FWRD' },
    });
  });

  it('refuses to forward to the forwarder itself or to someone who does not work there, changing nothing', async () => {
    const id = await submitted();
    const before = await rowOf(id);
    const self = await p.specialist.api('PUT', `/api/referrals/${id}/forward/`, {
      forwarded_to_establishment: p.clinic.id,
      forwarded_no_named_specialist: true,
      forwarded_reason: 'CLOSER_TO_HOME',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toHaveProperty('forwarded_to_establishment');
    const stranger = await p.specialist.api('PUT', `/api/referrals/${id}/forward/`, {
      forwarded_to_establishment: hospital.id,
      forwarded_assignee: p.gp.user.id,
      forwarded_reason: 'CLOSER_TO_HOME',
    });
    expect(stranger.json()).toEqual({
      forwarded_assignee: ['Choose someone who works at the receiving establishment.'],
    });
    const bySender = await p.gp.api('PUT', `/api/referrals/${id}/forward/`, {
      forwarded_to_establishment: hospital.id,
      forwarded_no_named_specialist: true,
      forwarded_reason: 'CLOSER_TO_HOME',
    });
    expect(bySender.statusCode).toBe(403);
    expect(await rowOf(id)).toEqual(before);
  });

  it('renews an accepted referral once: a new submitted referral for the renewal duration, the original marked', async () => {
    const id = await submitted();
    await t.database.db.update(referrals).set({ status: 'ACPT' }).where(eq(referrals.id, id));
    // The dry run answers as the commit would and changes nothing (spec section 4: validate, then commit).
    const dryRun = await p.gp.api('PUT', `/api/referrals/${id}/renew/?validate=true`, {
      renewal_reason: 'Ongoing care',
    });
    expect([dryRun.statusCode, dryRun.json()]).toEqual([200, { valid: true }]);
    expect(await rowOf(id)).toMatchObject({ status: 'ACPT', is_renewed: false });
    const early = await p.gp.api('PUT', `/api/referrals/${id}/renew/`, { renewal_reason: 'Ongoing care' });
    expect(early.statusCode).toBe(201);
    const renewal = early.json();
    expect(renewal).toMatchObject({
      status: { value: 'SBMT' },
      is_renew_referral: true,
      renewed_from_referral_id: id,
      duration: 12,
      renewal_reason: 'Ongoing care',
      to_establishment: { id: p.clinic.id },
    });
    expect(await rowOf(id)).toMatchObject({ status: 'ACPT', is_renewed: true });
    const twice = await p.gp.api('PUT', `/api/referrals/${id}/renew/`, { renewal_reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    const draft = await submitted();
    const notYet = await p.gp.api('PUT', `/api/referrals/${draft}/renew/`, { renewal_reason: 'Too soon' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().status.value).toBe('SBMT');
  });

  it('clones with the patient and copies without, both as new drafts with none of the receiver’s data', async () => {
    const id = await submitted();
    await t.database.db
      .update(referrals)
      .set({ status: 'ACPT', triage_notes: 'Seen before', triage_category: 'CAT2' })
      .where(eq(referrals.id, id));
    const clone = (await p.gp.api('POST', `/api/referrals/${id}/clone/`)).json();
    expect(clone).toMatchObject({
      status: { value: 'DRFT' },
      patient: { id: p.patient.id },
      to_establishment: { id: p.clinic.id },
      referrer_message: 'Exertional chest pain.',
      triage_notes: null,
      triage_category: null,
      submitted_at: null,
    });
    const copy = await p.gp.api('POST', `/api/referrals/${id}/copy/`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      status: { value: 'DRFT' },
      patient: null,
      to_establishment: { id: p.clinic.id },
    });
    const history = await t.database.db
      .select()
      .from(referralHistory)
      .where(eq(referralHistory.referral_id, clone.id));
    expect(history.map((h) => [h.action, h.detail])).toEqual([
      ['clone', { source_referral_id: id, copied_attachments: [] }],
    ]);
    expect((await p.specialist.api('POST', `/api/referrals/${id}/clone/`)).statusCode).toBe(403);
  });

  describe('attachments travel with the new referral', () => {
    type Attachment = { id: string; file: string; original_name: string; meta: { field: string | null } };
    const ECG = Buffer.concat([PDF, Buffer.from('% resting ECG, sinus rhythm\n')]);
    const RESULTS = Buffer.concat([PDF, Buffer.from('% troponin results\n')]);

    const upload = async (
      person: Person,
      id: string,
      kind: string,
      name: string,
      bytes: Buffer,
      field = '',
    ) => {
      const res = await uploadAs(t.app, person, `/api/referrals/${id}/${kind}-attachments/`, {
        name,
        bytes,
        fields: { field },
      });
      expect(res.statusCode).toBe(201);
      return res.json<Attachment>();
    };
    const listed = async (person: Person, id: string, kind: string) =>
      (await person.api('GET', `/api/referrals/${id}/${kind}-attachments/`)).json<{ results: Attachment[] }>()
        .results;
    const bytesOf = async (person: Person, attachment: Attachment) => {
      const res = await person.api('GET', attachment.file);
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const formsOf = async (person: Person, id: string) =>
      (await person.api('GET', `/api/referrals/${id}/forms/`)).json<{ forms: unknown }>().forms;
    const totals = async () => ({
      referrals: (await t.database.db.select({ n: count() }).from(referrals))[0]?.n,
      attachments: (await t.database.db.select({ n: count() }).from(referralAttachments))[0]?.n,
      files: (await storedFiles(dataDir)).sort(),
    });

    /** A draft with a file in the form's ECG field and a letter outside the forms. */
    async function draftWithFiles() {
      const draft = await p.gp.api('POST', '/api/referrals/', {
        patient: p.patient.id,
        to_establishment: p.clinic.id,
        assignee: p.specialist.user.id,
        referrer_message: 'Exertional chest pain.',
      });
      const id = draft.json<{ id: string }>().id;
      const ecg = await upload(p.gp, id, 'referrer', 'ECG.pdf', ECG, 'ecg');
      const letter = await upload(p.gp, id, 'referrer', 'letter.png', PNG);
      const forms = await p.gp.api('PUT', `/api/referrals/${id}/forms/`, {
        form: 'cardiology',
        fields: { ecg: [ecg.id] },
      });
      expect(forms.statusCode).toBe(200);
      return { id, ecg, letter };
    }

    /** That draft submitted, with the GP's supplementary results and the clinic's own two files. */
    async function submittedWithFiles() {
      const draft = await draftWithFiles();
      expect((await p.gp.api('POST', `/api/referrals/${draft.id}/submit/`)).statusCode).toBe(200);
      const results = await upload(p.gp, draft.id, 'supplementary', 'results.pdf', RESULTS);
      await upload(p.specialist, draft.id, 'receiver', 'triage.pdf', PDF);
      await upload(p.specialist, draft.id, 'reschedule', 'new-slot.pdf', PDF);
      return { ...draft, results };
    }

    it('clone: the referrer attachments and the form file field come along, each file its own copy', async () => {
      const { id, ecg, letter } = await draftWithFiles();
      const before = await storedFiles(dataDir);
      const clone = (await p.gp.api('POST', `/api/referrals/${id}/clone/`)).json<{ id: string }>();
      const copies = await listed(p.gp, clone.id, 'referrer');
      expect(copies.map((a) => [a.original_name, a.meta.field])).toEqual([
        ['ECG.pdf', 'ecg'],
        ['letter.png', null],
      ]);
      const [ecgCopy, letterCopy] = copies as [Attachment, Attachment];
      expect(ecgCopy.id).not.toBe(ecg.id);
      // The clone's form names the clone's own file, which the clone's page shows in the ECG field.
      expect(await formsOf(p.gp, clone.id)).toEqual({ cardiology: { ecg: [ecgCopy.id] } });
      expect((await bytesOf(p.gp, ecgCopy)).equals(ECG)).toBe(true);
      expect((await bytesOf(p.gp, letterCopy)).equals(await bytesOf(p.gp, letter))).toBe(true);
      expect((await storedFiles(dataDir)).length).toBe(before.length + 2);
      const history = await t.database.db
        .select()
        .from(referralHistory)
        .where(eq(referralHistory.referral_id, clone.id));
      expect(history.map((h) => h.detail)).toEqual([
        {
          source_referral_id: id,
          copied_attachments: [
            { attachment_id: ecgCopy.id, kind: 'referrer' },
            { attachment_id: letterCopy.id, kind: 'referrer' },
          ],
        },
      ]);

      // Removing the original's file leaves the clone's, and the other way round.
      const gone = await p.gp.api('DELETE', `/api/referrals/${id}/referrer-attachments/${ecg.id}/`);
      expect(gone.statusCode).toBe(204);
      expect((await bytesOf(p.gp, ecgCopy)).equals(ECG)).toBe(true);
      const cloneGone = await p.gp.api(
        'DELETE',
        `/api/referrals/${clone.id}/referrer-attachments/${letterCopy.id}/`,
      );
      expect(cloneGone.statusCode).toBe(204);
      expect((await bytesOf(p.gp, letter)).equals(PNG)).toBe(true);
    });

    it('clone of a submitted referral leaves the supplementary and the receiver’s files behind', async () => {
      const { id } = await submittedWithFiles();
      const clone = (await p.gp.api('POST', `/api/referrals/${id}/clone/`)).json<{ id: string }>();
      expect((await listed(p.gp, clone.id, 'referrer')).map((a) => a.original_name)).toEqual([
        'ECG.pdf',
        'letter.png',
      ]);
      for (const kind of ['supplementary', 'receiver', 'reschedule']) {
        expect(await listed(p.gp, clone.id, kind)).toEqual([]);
      }
    });

    it('copy: no attachment comes along and the form file field is empty, the files being the patient’s', async () => {
      const { id } = await submittedWithFiles();
      const before = await totals();
      const copy = await p.gp.api('POST', `/api/referrals/${id}/copy/`);
      expect(copy.statusCode).toBe(201);
      const created = copy.json<{ id: string }>();
      expect(await formsOf(p.gp, created.id)).toEqual({ cardiology: { ecg: null } });
      for (const kind of ['referrer', 'supplementary', 'receiver', 'reschedule']) {
        expect(await listed(p.gp, created.id, kind)).toEqual([]);
      }
      expect((await totals()).files).toEqual(before.files);
    });

    it('forward: the new receiver gets copies of the referrer and supplementary files, never the forwarder’s', async () => {
      const { id, ecg, results } = await submittedWithFiles();
      const forward = {
        forwarded_to_establishment: hospital.id,
        forwarded_assignee: cardiologist.user.id,
        forwarded_reason: 'MORE_APPROPRIATE_SERVICE',
      };
      const before = await totals();
      const dryRun = await p.specialist.api('PUT', `/api/referrals/${id}/forward/?validate=true`, forward);
      expect([dryRun.statusCode, dryRun.json()]).toEqual([200, { valid: true }]);
      expect(await totals()).toEqual(before);

      expect((await p.specialist.api('PUT', `/api/referrals/${id}/forward/`, forward)).statusCode).toBe(200);
      const [created] = await t.database.db
        .select()
        .from(referrals)
        .where(eq(referrals.forwarded_from_referral_id, id));
      const newId = created?.id ?? '';
      const referrer = await listed(cardiologist, newId, 'referrer');
      expect(referrer.map((a) => a.original_name)).toEqual(['ECG.pdf', 'letter.png']);
      expect(await formsOf(cardiologist, newId)).toEqual({ cardiology: { ecg: [referrer[0]?.id] } });
      expect(referrer[0]?.id).not.toBe(ecg.id);
      const [resultsCopy] = await listed(cardiologist, newId, 'supplementary');
      expect(resultsCopy?.original_name).toBe('results.pdf');
      expect(await listed(cardiologist, newId, 'receiver')).toEqual([]);
      expect(await listed(cardiologist, newId, 'reschedule')).toEqual([]);
      expect((await totals()).files.length).toBe(before.files.length + 3);

      // The GP takes the results off the original; the new receiver's copy still opens.
      const gone = await p.gp.api('DELETE', `/api/referrals/${id}/supplementary-attachments/${results.id}/`);
      expect(gone.statusCode).toBe(204);
      expect((await bytesOf(cardiologist, resultsCopy as Attachment)).equals(RESULTS)).toBe(true);
    });

    it('renew: the renewal carries copies of the referrer and supplementary files; the dry run leaves none', async () => {
      const { id, results } = await submittedWithFiles();
      await t.database.db.update(referrals).set({ status: 'ACPT' }).where(eq(referrals.id, id));
      const before = await totals();
      const body = { renewal_reason: 'Ongoing care' };
      const dryRun = await p.gp.api('PUT', `/api/referrals/${id}/renew/?validate=true`, body);
      expect([dryRun.statusCode, dryRun.json()]).toEqual([200, { valid: true }]);
      expect(await totals()).toEqual(before);

      const renewed = await p.gp.api('PUT', `/api/referrals/${id}/renew/`, body);
      expect(renewed.statusCode).toBe(201);
      const renewal = renewed.json<{ id: string }>();
      const referrer = await listed(p.specialist, renewal.id, 'referrer');
      expect(referrer.map((a) => a.original_name)).toEqual(['ECG.pdf', 'letter.png']);
      expect(await formsOf(p.specialist, renewal.id)).toEqual({ cardiology: { ecg: [referrer[0]?.id] } });
      expect((await bytesOf(p.specialist, referrer[0] as Attachment)).equals(ECG)).toBe(true);
      const [resultsCopy] = await listed(p.specialist, renewal.id, 'supplementary');
      expect(await listed(p.specialist, renewal.id, 'receiver')).toEqual([]);
      expect(await listed(p.specialist, renewal.id, 'reschedule')).toEqual([]);

      const gone = await p.gp.api('DELETE', `/api/referrals/${id}/supplementary-attachments/${results.id}/`);
      expect(gone.statusCode).toBe(204);
      expect((await bytesOf(p.specialist, resultsCopy as Attachment)).equals(RESULTS)).toBe(true);
    });
  });
});
