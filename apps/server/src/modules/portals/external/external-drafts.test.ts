import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CODE_SENT } from '@referrals/domain/portals/external-referral-schemas';
import { NOT_IN_FORM } from '@referrals/domain/referrals/forms/form-validation';
import { establishments } from '../../../db/schema/establishments.ts';
import {
  externalDraftFiles,
  externalReferralDrafts,
  usedCaptchaChallenges,
} from '../../../db/schema/portals.ts';
import { formTemplates } from '../../../db/schema/referrals.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { readMailbox } from '../../../../test/mailbox.ts';
import {
  cardiologyTemplate,
  PDF,
  PNG,
  storedFiles,
  uploadAs,
} from '../../referrals/attachments/attachment-test-helpers.ts';
import type { ReferralParties } from '../../referrals/referral-test-parties.ts';
import { UNKNOWN_FORM } from '../../referrals/forms/form-data-to-save.ts';
import { removeExpiredDrafts } from './expired-draft-cleanup.ts';
import {
  askForCode,
  createDraft,
  draftClient,
  draftsUrl,
  PATIENT_SENDER_DRAFT,
  portalParties,
  type DraftClient,
} from './external-test-setup.ts';

type Json = Record<string, unknown>;
const NOT_FOUND = { detail: 'Not found.' };

describe('external referral drafts on a public portal (public/establishments/{id}/referrals/)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let dataDir: string;
  const db = () => t.database.db;
  const stored = () => storedFiles(dataDir);
  const draftCount = async () => (await db().select({ n: count() }).from(externalReferralDrafts))[0]?.n ?? 0;
  const fileRows = async (draftId: string) =>
    db().select().from(externalDraftFiles).where(eq(externalDraftFiles.draft_id, draftId));
  const setPortal = (values: Partial<typeof establishments.$inferInsert>) =>
    db().update(establishments).set(values).where(eq(establishments.id, p.clinic.id));
  const upload = (draft: DraftClient, options: Parameters<typeof uploadAs>[3] = {}) =>
    uploadAs(t.app, { headers: draft.headers }, `${draft.url}referrer-attachments/`, options);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-drafts-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await portalParties(t.app, db());
    const cardiology = cardiologyTemplate(p.clinic.id);
    await db()
      .insert(formTemplates)
      .values({
        ...cardiology,
        sections: [
          ...cardiology.sections,
          {
            title: 'History',
            fields: [
              { name: 'symptoms', type: 'text' },
              { name: 'had_holter', type: 'switch' },
              {
                name: 'holter_report',
                type: 'file',
                visibility: { field: 'had_holter', operator: 'equals', value: true },
              },
            ],
          },
        ],
      });
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes a draft with its secret once, reads it back and saves changes field by field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: draftsUrl(p.clinic.id),
      payload: PATIENT_SENDER_DRAFT,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { draft, draft_token: token } = res.json<{ draft: Json & { id: string }; draft_token: string }>();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(draft).toMatchObject({
      sender_type: 'PATIENT',
      sender: { first_name: 'Ruth', email: 'ruth.ellison@mail.example', relation: 'self' },
      patient: { dob: '1958-07-14', concession_type: 'NONE' },
      consent: true,
      attachments: [],
      code_sent_at: null,
      submitted: false,
    });
    // A patient sender's provider number is dropped (section 5).
    expect(draft.sender).not.toHaveProperty('provider_number');
    const hoursLeft = (Date.parse(String(draft.expires_at)) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const [row] = await db()
      .select()
      .from(externalReferralDrafts)
      .where(eq(externalReferralDrafts.id, draft.id));
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);

    const client = draftClient(t.app, p.clinic.id, draft.id, token);
    expect((await client.api('GET')).json()).toEqual(draft);
    const saved = await client.api('PATCH', '', {
      sender: { phone: '0400 111 222' },
      patient: { city: 'Artarmon' },
      forms: { cardiology: { symptoms: 'palpitations' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      sender: { first_name: 'Ruth', phone: '0400 111 222' },
      patient: { first_name: 'Ruth', city: 'Artarmon' },
      forms: { cardiology: { symptoms: 'palpitations' } },
    });
    // Turning into a professional's draft keeps a provider number; back to a patient's drops it again.
    const professional = await client.api('PATCH', '', {
      sender_type: 'PROVIDER',
      sender: { provider_number: '2426621B' },
    });
    expect(professional.json()).toMatchObject({ sender: { provider_number: '2426621B' } });
    const patient = await client.api('PATCH', '', { sender_type: 'PATIENT' });
    expect(patient.json<{ sender: Json }>().sender).not.toHaveProperty('provider_number');
    // No audit row: there is no referral or patient record yet.
    const audited = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.resource_id, draft.id));
    expect(audited[0]?.n).toBe(0);
  });

  it('starts the same draft through POST public/referrals/ with the establishment in the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/referrals/',
      payload: { ...PATIENT_SENDER_DRAFT, establishment: p.clinic.id },
    });
    expect(res.statusCode).toBe(201);
    const { draft, draft_token: token } = res.json<{ draft: { id: string }; draft_token: string }>();
    const read = await t.app.inject({
      method: 'GET',
      url: `${draftsUrl(p.clinic.id)}${draft.id}/`,
      headers: { 'x-draft-token': token },
    });
    expect(read.json()).toMatchObject({ id: draft.id, sender_type: 'PATIENT' });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/public/referrals/',
      payload: { establishment: p.practice.id },
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, NOT_FOUND]);
    const missing = await t.app.inject({ method: 'POST', url: '/api/public/referrals/', payload: {} });
    expect(Object.keys(missing.json())).toEqual(['establishment']);
  });

  it('saves forms as a referral’s are saved: the receiver’s templates only, hidden file fields cleared with their files', async () => {
    const draft = await createDraft(t.app, p.clinic.id);
    const unknown = await draft.api('PATCH', '', { forms: { dermatology: { rash: 'yes' } } });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      { forms: { dermatology: { form: [UNKNOWN_FORM] } } },
    ]);
    const stray = await draft.api('PATCH', '', { forms: { cardiology: { rash: 'yes' } } });
    expect([stray.statusCode, stray.json()]).toEqual([
      400,
      { forms: { cardiology: { rash: [NOT_IN_FORM] } } },
    ]);
    const made = await t.app.inject({
      method: 'POST',
      url: draftsUrl(p.clinic.id),
      payload: { forms: { cardiology: { nope: 1 } } },
    });
    expect(made.statusCode).toBe(400);

    const holter = await upload(draft, { name: 'holter.pdf', fields: { field: 'holter_report' } });
    const holterId = holter.json<{ id: string }>().id;
    const [row] = await fileRows(draft.id);
    const shown = await draft.api('PATCH', '', {
      forms: { cardiology: { symptoms: 'palpitations', had_holter: true, holter_report: [holterId] } },
    });
    expect(shown.json()).toMatchObject({
      forms: { cardiology: { symptoms: 'palpitations', holter_report: [holterId] } },
      attachments: [{ id: holterId }],
    });
    const hidden = await draft.api('PATCH', '', {
      forms: { cardiology: { symptoms: 'palpitations', had_holter: false, holter_report: [holterId] } },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      forms: { cardiology: { symptoms: 'palpitations', had_holter: false, holter_report: null } },
      attachments: [],
    });
    expect(await stored()).not.toContain(row?.file);
  });

  it('answers the same 404 for a wrong, missing or guessed token, another portal’s draft, an expired one', async () => {
    const draft = await createDraft(t.app, p.clinic.id);
    const other = await createDraft(t.app, p.clinic.id);
    const wrongToken = draftClient(t.app, p.clinic.id, draft.id, other.token);
    const guessed = draftClient(t.app, p.clinic.id, draft.id, randomBytes(32).toString('base64url'));
    const elsewhere = draftClient(t.app, p.practice.id, draft.id, draft.token);
    const badId = draftClient(t.app, p.clinic.id, 'not-a-draft', draft.token);
    const noToken = (method: 'GET' | 'PATCH') =>
      t.app.inject({ method, url: draft.url, ...(method === 'PATCH' ? { payload: {} } : {}) });
    const answers = [
      await wrongToken.api('GET'),
      await wrongToken.api('PATCH', '', { referrer_message: 'x' }),
      await guessed.api('GET'),
      await guessed.api('GET', 'verification-code/'),
      await guessed.api('GET', 'referrer-attachments/'),
      await elsewhere.api('GET'),
      await badId.api('GET'),
      await noToken('GET'),
      await noToken('PATCH'),
    ];
    for (const res of answers) {
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    }
    await db()
      .update(externalReferralDrafts)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(externalReferralDrafts.id, draft.id));
    const expired = await draft.api('GET');
    expect([expired.statusCode, expired.json()]).toEqual([404, NOT_FOUND]);
    expect((await draft.api('PATCH', '', { consent: false })).statusCode).toBe(404);
    expect((await other.api('GET')).statusCode).toBe(200);
  });

  it('answers 404 when the portal is off, or does not take the sender type, and makes nothing', async () => {
    const draft = await createDraft(t.app, p.clinic.id);
    const before = await draftCount();
    await setPortal({ portal_sender_types: ['PROVIDER'] });
    try {
      const patient = await t.app.inject({
        method: 'POST',
        url: draftsUrl(p.clinic.id),
        payload: PATIENT_SENDER_DRAFT,
      });
      expect([patient.statusCode, patient.json()]).toEqual([404, NOT_FOUND]);
      // The draft already made for a patient sender is closed with the portal's door.
      expect((await draft.api('GET')).statusCode).toBe(404);
      const provider = await t.app.inject({
        method: 'POST',
        url: draftsUrl(p.clinic.id),
        payload: { sender_type: 'PROVIDER' },
      });
      expect(provider.statusCode).toBe(201);
      await setPortal({ portal_enabled: false });
      const off = await t.app.inject({ method: 'POST', url: draftsUrl(p.clinic.id), payload: {} });
      expect([off.statusCode, off.json()]).toEqual([404, NOT_FOUND]);
      const none = await t.app.inject({ method: 'POST', url: draftsUrl(p.practice.id), payload: {} });
      expect([none.statusCode, none.json()]).toEqual([404, NOT_FOUND]);
      expect(await draftCount()).toBe(before + 1);
    } finally {
      await setPortal({ portal_enabled: true, portal_sender_types: ['PATIENT', 'PROVIDER'] });
    }
    expect((await draft.api('GET')).statusCode).toBe(200);
    // A sender type the portal does not take cannot be saved either.
    await setPortal({ portal_sender_types: ['PATIENT'] });
    try {
      expect((await draft.api('PATCH', '', { sender_type: 'PROVIDER' })).statusCode).toBe(404);
    } finally {
      await setPortal({ portal_sender_types: ['PATIENT', 'PROVIDER'] });
    }
  });

  it('limits new drafts per address to 20 an hour (429)', async () => {
    const ip = '198.51.100.7';
    const make = () =>
      t.app.inject({ method: 'POST', url: draftsUrl(p.clinic.id), payload: {}, remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await make()).statusCode);
    expect(codes.slice(0, 20).every((code) => code === 201)).toBe(true);
    const refused = await make();
    expect([refused.statusCode, refused.json()]).toEqual([429, { detail: 'Request was throttled.' }]);
    // Another address is not held back.
    const other = await t.app.inject({
      method: 'POST',
      url: draftsUrl(p.clinic.id),
      payload: {},
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(201);
  });

  it('mails a 6-digit code to the sender, a new one only after 60 s, and needs a sender address', async () => {
    const empty = await createDraft(t.app, p.clinic.id, {});
    const noAddress = await empty.api('GET', 'verification-code/');
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toEqual({ sender: { email: ['This field is required.'] } });
    await empty.api('PATCH', '', { sender: { email: 'not an address' } });
    expect((await empty.api('GET', 'verification-code/')).json()).toEqual({
      sender: { email: ['Enter a valid email address.'] },
    });

    const draft = await createDraft(t.app, p.clinic.id);
    const sent = await draft.api('GET', 'verification-code/');
    expect(sent.statusCode).toBe(200);
    const body = sent.json<{ detail: string; code_sent_at: string }>();
    expect(body.detail).toBe(CODE_SENT);
    const mail = (await readMailbox(t.app)).filter((m) => m.subject === 'Your code to send a referral');
    const last = mail.at(-1);
    expect(last?.to).toContain(PATIENT_SENDER_DRAFT.sender.email);
    expect(last?.text).toMatch(/Your code is \d{6}\./);
    expect(last?.text).toContain(p.clinic.name);
    // It names nobody: the sender may be the patient.
    expect(last?.text).not.toContain('Ruth');
    const [row] = await db()
      .select()
      .from(externalReferralDrafts)
      .where(eq(externalReferralDrafts.id, draft.id));
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_sent_at?.toISOString()).toBe(body.code_sent_at);
    expect((await draft.api('GET')).json()).toMatchObject({ code_sent_at: body.code_sent_at });

    const again = await draft.api('GET', 'verification-code/');
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    // The minute over (moved back in the database), a new code replaces the old one.
    await db()
      .update(externalReferralDrafts)
      .set({ code_sent_at: new Date(Date.now() - 61_000), code_failures: 3 })
      .where(eq(externalReferralDrafts.id, draft.id));
    expect((await draft.api('GET', 'verification-code/')).statusCode).toBe(200);
    const [renewed] = await db()
      .select()
      .from(externalReferralDrafts)
      .where(eq(externalReferralDrafts.id, draft.id));
    expect(renewed?.code_hash).not.toBe(row?.code_hash);
    expect(renewed?.code_failures).toBe(0);

    // A new sender address forgets the code sent to the old one, and still waits out the minute.
    await draft.api('PATCH', '', { sender: { email: 'someone.else@mail.example' } });
    const [moved] = await db()
      .select()
      .from(externalReferralDrafts)
      .where(eq(externalReferralDrafts.id, draft.id));
    expect(moved?.code_hash).toBeNull();
    expect((await draft.api('GET', 'verification-code/')).statusCode).toBe(429);
  });

  it('takes files under the referral attachments’ rules, and an oversized or wrong-type file stores nothing', async () => {
    const draft = await createDraft(t.app, p.clinic.id);
    const before = (await stored()).length;
    const letter = await upload(draft, { name: 'letter.pdf' });
    expect(letter.statusCode).toBe(201);
    const attachment = letter.json<Json & { id: string }>();
    expect(attachment).toEqual({
      id: expect.any(String),
      original_name: 'letter.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      field: null,
    });
    expect(await stored()).toHaveLength(before + 1);

    const wrongType = await upload(draft, { name: 'virus.pdf', bytes: Buffer.from('MZ not a pdf at all') });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({
      file: [expect.stringContaining('This type of file is not accepted.')],
    });
    const oversized = await upload(draft, {
      name: 'huge.pdf',
      bytes: Buffer.concat([PDF, Buffer.alloc(5_242_880)]),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ file: ['The file is larger than 5 MB.'] });
    // The field's accept list: an image is not an ECG here.
    const imageAsEcg = await upload(draft, { name: 'ecg.png', bytes: PNG, fields: { field: 'ecg' } });
    expect(imageAsEcg.statusCode).toBe(400);
    expect(await stored()).toHaveLength(before + 1);
    expect(await fileRows(draft.id)).toHaveLength(1);

    // max_files of the field (default 1, the template's 2 for echo images).
    expect((await upload(draft, { fields: { field: 'ecg' } })).statusCode).toBe(201);
    const secondEcg = await upload(draft, { fields: { field: 'ecg' } });
    expect([secondEcg.statusCode, secondEcg.json()]).toEqual([
      400,
      { file: ['This field takes at most 1 file.'] },
    ]);
    const image = { bytes: PNG, name: 'echo.png', fields: { field: 'echo_images' } };
    expect((await upload(draft, image)).statusCode).toBe(201);
    expect((await upload(draft, image)).statusCode).toBe(201);
    expect((await upload(draft, image)).statusCode).toBe(400);

    // Moving a file to a field checks that field as an upload would.
    const toEcg = await draft.api('PATCH', `referrer-attachments/${attachment.id}/`, { field: 'ecg' });
    expect([toEcg.statusCode, toEcg.json()]).toEqual([400, { file: ['This field takes at most 1 file.'] }]);
    const toEcho = await draft.api('PATCH', `referrer-attachments/${attachment.id}/`, {
      field: 'echo_images',
    });
    expect(toEcho.statusCode).toBe(400);
    const toNone = await draft.api('PATCH', `referrer-attachments/${attachment.id}/`, { field: null });
    expect([toNone.statusCode, toNone.json()]).toEqual([200, attachment]);

    const list = await draft.api('GET', 'referrer-attachments/');
    expect(list.json<Json[]>().map((row) => row.field)).toEqual([null, 'ecg', 'echo_images', 'echo_images']);
    expect((await draft.api('GET')).json<{ attachments: Json[] }>().attachments).toHaveLength(4);

    // Another draft's secret neither sees nor removes the file.
    const other = await createDraft(t.app, p.clinic.id);
    const foreign = draftClient(t.app, p.clinic.id, other.id, other.token);
    expect((await foreign.api('DELETE', `referrer-attachments/${attachment.id}/`)).statusCode).toBe(404);
    const held = (await stored()).length;
    const removed = await draft.api('DELETE', `referrer-attachments/${attachment.id}/`);
    expect(removed.statusCode).toBe(204);
    expect(await stored()).toHaveLength(held - 1);
    expect((await draft.api('DELETE', `referrer-attachments/${attachment.id}/`)).statusCode).toBe(404);
  });

  it('keeps to 20 files a draft', async () => {
    const draft = await createDraft(t.app, p.clinic.id);
    await db()
      .insert(externalDraftFiles)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          draft_id: draft.id,
          file: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}.pdf`,
          original_name: `page-${String(i)}.pdf`,
          content_type: 'application/pdf',
          size: 10,
        })),
      );
    const full = await upload(draft);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({
      non_field_errors: ['A referral can have at most 20 referrer attachments.'],
    });
  });

  it('removes expired drafts with their files, and spent captchas past their expiry, in the daily cleanup', async () => {
    const draft = await createDraft(t.app, p.clinic.id);
    const kept = await createDraft(t.app, p.clinic.id);
    await upload(draft, { name: 'a.pdf' });
    await upload(kept, { name: 'b.pdf' });
    const [expiredFile] = await fileRows(draft.id);
    const [keptFile] = await fileRows(kept.id);
    await db()
      .update(externalReferralDrafts)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(externalReferralDrafts.id, draft.id));
    const hour = 3_600_000;
    await db()
      .insert(usedCaptchaChallenges)
      .values([
        { signature: 'spent-and-expired', expires_at: new Date(Date.now() - hour) },
        { signature: 'spent-still-valid', expires_at: new Date(Date.now() + hour) },
      ]);
    const result = await removeExpiredDrafts(db(), t.app.storage);
    expect(result).toMatchObject({ files: 1, captchas: 1 });
    const captchas = await db().select().from(usedCaptchaChallenges);
    expect(captchas.map((row) => row.signature)).toEqual(['spent-still-valid']);
    expect(result.drafts).toBeGreaterThanOrEqual(1);
    const files = await stored();
    expect(files).not.toContain(expiredFile?.file);
    expect(files).toContain(keptFile?.file);
    expect(await fileRows(draft.id)).toEqual([]);
    expect((await kept.api('GET')).statusCode).toBe(200);
  });

  it('sends the code to the address typed last, the code mail being the only mail of a draft', async () => {
    const draft = await createDraft(t.app, p.clinic.id, {
      ...PATIENT_SENDER_DRAFT,
      sender: { ...PATIENT_SENDER_DRAFT.sender, email: 'first.try@mail.example' },
    });
    await draft.api('PATCH', '', { sender: { email: 'second.try@mail.example' } });
    const code = await askForCode(t.app, draft, 'second.try@mail.example');
    expect(code).toMatch(/^\d{6}$/);
    const toFirst = (await readMailbox(t.app)).filter((m) => m.to.includes('first.try@mail.example'));
    expect(toFirst).toEqual([]);
  });
});
