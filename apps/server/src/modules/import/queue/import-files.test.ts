import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { importItemFiles } from '../../../db/schema/imports.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import {
  LETTER_PDF,
  queueParties,
  receivedItem,
  storedFax,
  storedPdf,
  type QueueParties,
} from './import-queue-test-setup.ts';

const NOT_FOUND = { detail: 'Not found.' };

describe('an import item’s files and a fax’s pages (docs/import-queue.md, The queue)', () => {
  let t: TestApp;
  let p: QueueParties;
  let email: ImportItem;
  let fax: ImportItem;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await queueParties(t.app, t.database.db);
    const letter = await storedPdf(t.app.storage);
    const emailId = await receivedItem(t.app, p.clinic.id, {
      files: [{ stored: letter, originalName: 'Referral – Olivia W.pdf', pages: 1 }],
    });
    const faxId = await receivedItem(t.app, p.clinic.id, {
      kind: 'fax',
      subject: 'Fax from 02 9555 0101',
      files: [
        {
          stored: await storedFax(t.app.storage, ['#ff0000', '#0000ff']),
          originalName: 'fax.tif',
          pages: 2,
        },
      ],
    });
    email = (await p.manager.api('GET', `/api/import/email/${emailId}/`)).json<ImportItem>();
    fax = (await p.manager.api('GET', `/api/import/email/${faxId}/`)).json<ImportItem>();
  });
  afterAll(() => t.app.close());

  const fileUrl = (item: ImportItem, index = 0) =>
    `/api/import/email/${item.id}/files/${item.files[index]?.id}/`;

  it('shows a file inline in its own type, never sniffed or cached, and audits the read', async () => {
    const res = await p.specialist.api('GET', fileUrl(email));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(LETTER_PDF)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `inline; filename="Referral _ Olivia W.pdf"; filename*=UTF-8''${encodeURIComponent('Referral – Olivia W.pdf')}`,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.file.read'), eq(auditLog.actor_id, p.specialist.user.id)));
    expect(audit).toMatchObject({
      resource_type: 'import_item',
      resource_id: email.id,
      establishment_id: p.clinic.id,
      detail: { file: email.files[0]?.id },
    });
  });

  it('shows each page of a fax as a PNG', async () => {
    expect(fax.kind.value).toBe('fax');
    expect(fax.files).toMatchObject([{ content_type: 'image/tiff', pages: 2, original_name: 'fax.tif' }]);
    const colours: number[][] = [];
    for (const n of [1, 2]) {
      const res = await p.manager.api('GET', `${fileUrl(fax)}pages/${n}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([120, 170]);
      colours.push([...data.subarray(0, 3)]);
    }
    expect(colours).toEqual([
      [255, 0, 0],
      [0, 0, 255],
    ]);
    const audits = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.file.read'), eq(auditLog.resource_id, fax.id)));
    expect(audits.map((row) => row.detail)).toEqual([
      { file: fax.files[0]?.id, page: 1 },
      { file: fax.files[0]?.id, page: 2 },
    ]);
    // The TIFF itself is there too, as it arrived.
    const whole = await p.manager.api('GET', fileUrl(fax));
    expect([whole.statusCode, whole.headers['content-type']]).toEqual([200, 'image/tiff']);
  });

  it('answers 404 for a page that is not there, or a page of anything but a TIFF', async () => {
    for (const url of [
      `${fileUrl(fax)}pages/0/`,
      `${fileUrl(fax)}pages/3/`,
      `${fileUrl(fax)}pages/one/`,
      `${fileUrl(fax)}pages/-1/`,
      `${fileUrl(email)}pages/1/`,
    ]) {
      const res = await p.manager.api('GET', url);
      expect([res.statusCode, res.json()], url).toEqual([404, NOT_FOUND]);
    }
  });

  it('answers the 404 of a missing file for another item’s file, another establishment’s caller, or one without accept_referral', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const requests = [
      [p.manager, `/api/import/email/${email.id}/files/${fax.files[0]?.id}/`],
      [p.manager, `/api/import/email/${email.id}/files/${missing}/`],
      [p.manager, `/api/import/email/${email.id}/files/not-an-id/`],
      [p.manager, `/api/import/email/${missing}/files/${email.files[0]?.id}/`],
      [p.outsider, fileUrl(email)],
      [p.outsider, `${fileUrl(fax)}pages/1/`],
      [p.sender, fileUrl(email)],
      [p.sender, `${fileUrl(fax)}pages/1/`],
    ] as const;
    for (const [who, url] of requests) {
      const res = await who.api('GET', url);
      expect([res.statusCode, res.json()], url).toEqual([404, NOT_FOUND]);
    }
    const byOthers = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import.file.read'), eq(auditLog.actor_id, p.outsider.user.id)));
    expect(byOthers).toEqual([]);
  });

  it('answers 404 for a file moved to the referral the item became, and leaves it out of the item', async () => {
    const id = await receivedItem(t.app, p.clinic.id, {
      files: [
        { stored: await storedPdf(t.app.storage), originalName: 'letter.pdf', pages: 1 },
        { stored: await storedPdf(t.app.storage), originalName: 'results.pdf', pages: 1 },
      ],
    });
    const item = (await p.manager.api('GET', `/api/import/email/${id}/`)).json<ImportItem>();
    const [moved, kept] = item.files;
    await t.database.db
      .update(importItemFiles)
      .set({ file: null })
      .where(eq(importItemFiles.id, moved?.id ?? ''));
    const res = await p.manager.api('GET', `/api/import/email/${id}/files/${moved?.id}/`);
    expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    const after = (await p.manager.api('GET', `/api/import/email/${id}/`)).json<ImportItem>();
    expect([after.file_count, after.files.map((file) => file.id)]).toEqual([1, [kept?.id]]);
    const listed = (await p.manager.api('GET', '/api/import/email/?status=all')).json<{
      results: ImportItem[];
    }>();
    expect(listed.results.find((row) => row.id === id)?.file_count).toBe(1);
  });
});
