import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { IMPORT_ACTION_NOT_ALLOWED } from '@referrals/domain/imports/import-lifecycle';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import { createPatient } from '../../../db/factories/factories.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { importActivity, importItemFiles, importItems } from '../../../db/schema/imports.ts';
import { referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { readStoredBytes, storeBytes } from '../../files/file-store.ts';
import { TIFF_TYPE } from '../../files/tiff-pages.ts';
import { TYPED_REFERRER } from '../../referrals/manual/manual-referral-test-setup.ts';
import { PATIENT_NOT_VISIBLE } from '../../referrals/referral-draft-checks.ts';
import {
  LETTER_PDF,
  queueParties,
  receivedItem,
  storedFax,
  storedPdf,
  type QueueParties,
} from '../queue/import-queue-test-setup.ts';
import { NOT_THIS_ITEMS_FILE } from './convert-import-item.ts';

type Json = Record<string, unknown>;
const NOT_FOUND = { detail: 'Not found.' };

describe('POST import/{kind}/{id}/convert/: an email or fax becomes a MANUAL referral', () => {
  let t: TestApp;
  let p: QueueParties;
  let dataDir: string;
  const db = () => t.database.db;
  const uploads = async () => (await readdir(path.join(dataDir, 'uploads')).catch(() => [])).sort();
  const body = (overrides: Json = {}) => ({
    new_patient: { first_name: 'Grace', last_name: 'Lindqvist', dob: '1957-09-14' },
    referrer: TYPED_REFERRER,
    referrer_message: 'Exertional chest pain, please review.',
    ...overrides,
  });
  /** An email with a letter and a two-page fax, as the intake stores them. */
  const itemWithFiles = async (kind: 'email' | 'fax' = 'email') => {
    const letter = await storedPdf(t.app.storage);
    const fax = await storedFax(t.app.storage, ['#000000', '#ffffff']);
    const id = await receivedItem(t.app, p.clinic.id, {
      kind,
      files: [
        { stored: letter, originalName: 'Referral letter.pdf', pages: 1 },
        { stored: fax, originalName: 'fax-0412.tif', pages: 2 },
      ],
    });
    const files = await db()
      .select()
      .from(importItemFiles)
      .where(eq(importItemFiles.item_id, id))
      .orderBy(asc(importItemFiles.position));
    return { id, letter, fax, files };
  };
  const convert = (id: string, payload: object = body(), who = p.manager, kind = 'email') =>
    who.api('POST', `/api/import/${kind}/${id}/convert/`, payload);
  const itemRow = async (id: string) =>
    (await db().select().from(importItems).where(eq(importItems.id, id)))[0];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'import-convert-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await queueParties(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes a referral in the inbox New with the item’s files, and the item converted with its activity', async () => {
    const { id, letter, fax, files } = await itemWithFiles();
    const res = await convert(id);
    expect(res.statusCode, res.body).toBe(201);
    const referral = res.json<Json & { id: string; patient: { id: string } }>();
    expect(referral).toMatchObject({
      type: 'MANUAL',
      status: { value: 'SBMT' },
      from_establishment: null,
      referrer: null,
      to_establishment: { id: p.clinic.id },
      manual_referrer: { first_name: 'Helen', last_name: 'Okafor' },
      patient: { first_name: 'Grace', last_name: 'Lindqvist', dob: '1957-09-14' },
      unread: true,
    });
    const [row] = await db().select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row?.import_item_id).toBe(id);

    // The referral is in the inbox New of whoever converted it.
    const inbox = await p.manager.api('GET', '/api/referrals/?box=inbox&list=new');
    expect(inbox.json<{ results: Json[] }>().results.map((item) => item.id)).toContain(referral.id);

    // The item is converted, linked, holds no file any more, and its activity and audit say so.
    expect(await itemRow(id)).toMatchObject({ status: 'converted', referral_id: referral.id });
    const opened = await p.manager.api('GET', `/api/import/email/${id}/`);
    expect(opened.json<ImportItem>()).toMatchObject({
      status: { value: 'converted' },
      referral: { id: referral.id },
      files: [],
      file_count: 0,
    });
    const activity = await db().select().from(importActivity).where(eq(importActivity.item_id, id));
    expect(activity.map((a) => [a.action, a.actor_id, a.detail])).toEqual(
      expect.arrayContaining([['converted', p.manager.user.id, { referral_id: referral.id }]]),
    );
    const audit = await db().select().from(auditLog).where(eq(auditLog.resource_id, id));
    expect(audit.find((a) => a.action === 'import.convert')).toMatchObject({
      actor_id: p.manager.user.id,
      patient_id: referral.patient.id,
      detail: { from: 'new', to: 'converted', referral_id: referral.id },
    });
    expect(
      (await db().select().from(importItemFiles).where(eq(importItemFiles.item_id, id))).map((f) => f.file),
    ).toEqual([null, null]);

    // The letter moved as it is (the same stored file); the fax became a PDF of its pages and its TIFF went.
    const attachments = await db()
      .select()
      .from(referralAttachments)
      .where(eq(referralAttachments.referral_id, referral.id))
      .orderBy(asc(referralAttachments.created_at));
    expect(attachments).toMatchObject([
      { kind: 'referrer', original_name: 'Referral letter.pdf', stored_name: letter.name },
      { kind: 'referrer', original_name: 'fax-0412.pdf', content_type: 'application/pdf' },
    ]);
    expect(await readStoredBytes(t.app.storage, letter.name)).toEqual(LETTER_PDF);
    const faxPdf = await readStoredBytes(t.app.storage, attachments[1]?.stored_name ?? '');
    expect(faxPdf?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(faxPdf?.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(await uploads()).not.toContain(fax.name);
    expect(files.map((f) => f.id)).toHaveLength(2);
    const list = await p.manager.api('GET', `/api/referrals/${referral.id}/referrer-attachments/`);
    expect(list.json<{ results: Json[] }>().results.map((a) => a.original_name)).toEqual([
      'Referral letter.pdf',
      'fax-0412.pdf',
    ]);
  });

  it('moves only the chosen files, and takes an existing patient of the establishment', async () => {
    const { id, files } = await itemWithFiles('fax');
    const patient = await createPatient(db(), { establishment_id: p.clinic.id });
    const res = await convert(
      id,
      body({ new_patient: null, patient: patient.id, files: [files[0]?.id] }),
      p.specialist,
      'fax',
    );
    expect(res.statusCode, res.body).toBe(201);
    const referral = res.json<{ id: string; patient: { id: string } }>();
    expect(referral.patient.id).toBe(patient.id);
    const attachments = await db()
      .select()
      .from(referralAttachments)
      .where(eq(referralAttachments.referral_id, referral.id));
    expect(attachments.map((a) => a.original_name)).toEqual(['Referral letter.pdf']);
    // The fax stays with the item, where the queue still shows it.
    const opened = await p.manager.api('GET', `/api/import/email/${id}/`);
    expect(opened.json<ImportItem>().files.map((f) => f.original_name)).toEqual(['fax-0412.tif']);
  });

  it('refuses a second conversion and a dismissed item with the lifecycle’s 409', async () => {
    const { id } = await itemWithFiles();
    expect((await convert(id)).statusCode).toBe(201);
    const again = await convert(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: IMPORT_ACTION_NOT_ALLOWED.converted,
      status: { value: 'converted', display: 'Converted to a referral' },
    });
    const dismissed = await receivedItem(t.app, p.clinic.id);
    await p.manager.api('PATCH', `/api/import/email/${dismissed}/`, {
      action: 'dismiss',
      dismissed_reason: 'duplicate',
    });
    const refused = await convert(dismissed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: IMPORT_ACTION_NOT_ALLOWED.dismissed });
  });

  it('answers another establishment’s item, another kind and a caller without accept_referral with a 404', async () => {
    const { id } = await itemWithFiles();
    const before = await uploads();
    expect((await convert(id, body(), p.outsider)).json()).toEqual(NOT_FOUND);
    expect((await convert(id, body(), p.sender)).json()).toEqual(NOT_FOUND);
    expect((await convert(id, body(), p.manager, 'fax')).json()).toEqual(NOT_FOUND);
    expect((await convert('not-an-id', body())).json()).toEqual(NOT_FOUND);
    expect(await itemRow(id)).toMatchObject({ status: 'new', referral_id: null });
    expect(await uploads()).toEqual(before);
  });

  it('refuses files the item does not hold and a patient the establishment does not see, changing nothing', async () => {
    const { id, fax } = await itemWithFiles();
    const before = await uploads();
    const stranger = await convert(id, body({ files: ['00000000-0000-4000-8000-000000000000'] }));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ files: [NOT_THIS_ITEMS_FILE] });
    const elsewhere = await createPatient(db(), { establishment_id: p.otherClinic.id });
    const foreign = await convert(id, body({ new_patient: null, patient: elsewhere.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ patient: [PATIENT_NOT_VISIBLE] });
    // The fax's PDF made for the refused referral is gone again; the item keeps its files.
    expect(await uploads()).toEqual(before);
    expect(await itemRow(id)).toMatchObject({ status: 'new', referral_id: null });
    const held = await db().select().from(importItemFiles).where(eq(importItemFiles.item_id, id));
    expect(held.map((f) => f.file)).toContain(fax.name);
  });

  it('refuses a fax that cannot be read, naming it, and converts the item without it', async () => {
    const damaged = await storeBytes(t.app.storage, Buffer.from('II*\0 not really a fax'), {
      type: TIFF_TYPE,
      extension: 'tif',
    });
    const letter = await storedPdf(t.app.storage);
    const id = await receivedItem(t.app, p.clinic.id, {
      kind: 'fax',
      files: [
        { stored: letter, originalName: 'letter.pdf', pages: 1 },
        { stored: damaged, originalName: 'smudged.tif', pages: 1 },
      ],
    });
    const refused = await convert(id, body(), p.manager, 'fax');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      files: ['smudged.tif: This fax cannot be read. Convert the item without it.'],
    });
    expect(await itemRow(id)).toMatchObject({ status: 'new' });
    const [first] = await db()
      .select()
      .from(importItemFiles)
      .where(eq(importItemFiles.item_id, id))
      .orderBy(asc(importItemFiles.position));
    const converted = await convert(id, body({ files: [first?.id] }), p.manager, 'fax');
    expect(converted.statusCode, converted.body).toBe(201);
  });

  it('makes exactly one referral of an item converted by several people at once', async () => {
    const { id } = await itemWithFiles();
    const answers = await Promise.all(
      [p.manager, p.specialist, p.manager, p.specialist].map((who) => convert(id, body(), who)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const made = await db().select().from(referrals).where(eq(referrals.import_item_id, id));
    expect(made).toHaveLength(1);
    expect(await itemRow(id)).toMatchObject({ status: 'converted', referral_id: made[0]?.id });
    const attachments = await db()
      .select()
      .from(referralAttachments)
      .where(eq(referralAttachments.referral_id, made[0]?.id ?? ''));
    expect(attachments).toHaveLength(2);
    // Every file on the disk is named by a row: the losers' PDFs were removed.
    const named = new Set([
      ...(await db().select({ name: referralAttachments.stored_name }).from(referralAttachments)).map(
        (r) => r.name,
      ),
      ...(await db().select({ name: importItemFiles.file }).from(importItemFiles)).map((r) => r.name),
    ]);
    expect((await uploads()).filter((name) => !named.has(name))).toEqual([]);
  });
});
