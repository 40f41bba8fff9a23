import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { formTemplates, referralAttachments, referralShares } from '../../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { cardiologyTemplate, PDF, PNG, storedFiles, uploadAs } from './attachment-test-helpers.ts';

type Json = Record<string, unknown>;

describe('referral attachments (section 7 Attachments)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let dataDir: string;
  const uploads = async () => readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[]);
  const stored = () => storedFiles(dataDir);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'referral-attachments-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await referralParties(t.app, t.database.db);
    await t.database.db.insert(formTemplates).values(cardiologyTemplate(p.clinic.id));
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  let referralId: string;
  let base: string;
  beforeEach(async () => {
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
    });
    referralId = draft.json<{ id: string }>().id;
    base = `/api/referrals/${referralId}/`;
  });
  const submit = () => p.gp.api('POST', `${base}submit/`);

  it('lets the sender upload, list, read, download, change and delete a referrer attachment on a draft', async () => {
    const before = (await stored()).length;
    const res = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`, {
      name: 'ECG; 12 lead.pdf',
      fields: { field: 'ecg', note: 'Resting ECG' },
    });
    expect(res.statusCode).toBe(201);
    const attachment = res.json<Json & { id: string; file: string }>();
    expect(attachment).toMatchObject({
      kind: 'referrer',
      meta: { field: 'ecg', note: 'Resting ECG' },
      original_name: 'ECG; 12 lead.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      access: 'write',
    });
    expect((await stored()).length).toBe(before + 1);
    // Generated names only: the original name never reaches the disk.
    expect((await stored()).some((name) => name.includes('ECG'))).toBe(false);

    const list = await p.gp.api('GET', `${base}referrer-attachments/`);
    expect(list.json()).toMatchObject({ count: 1, next: null, results: [{ id: attachment.id }] });
    const one = await p.gp.api('GET', `${base}referrer-attachments/${attachment.id}/`);
    expect(one.json()).toMatchObject({ id: attachment.id });

    const download = await p.gp.api('GET', attachment.file);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="ECG 12 lead.pdf"');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const patched = await p.gp.api('PATCH', `${base}referrer-attachments/${attachment.id}/`, {
      meta: { note: 'Resting ECG, 20 Nov' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ meta: { field: 'ecg', note: 'Resting ECG, 20 Nov' } });

    const gone = await p.gp.api('DELETE', `${base}referrer-attachments/${attachment.id}/`);
    expect(gone.statusCode).toBe(204);
    expect((await stored()).length).toBe(before);
    expect((await p.gp.api('DELETE', `${base}referrer-attachments/${attachment.id}/`)).statusCode).toBe(404);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, referralId));
    const actions = audit.map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'referral.attachment.create',
        'referral.attachment.update',
        'referral.attachment.delete',
      ]),
    );
    // No file name in the audit trail: it could name the patient.
    expect(JSON.stringify(audit)).not.toContain('ECG');
  });

  it('keeps referrer attachments to the draft, supplementary ones to after submit, receiver ones to the receiver', async () => {
    expect((await uploadAs(t.app, p.gp, `${base}supplementary-attachments/`)).statusCode).toBe(409);
    expect((await uploadAs(t.app, p.gp, `${base}receiver-attachments/`)).statusCode).toBe(403);
    await submit();
    const late = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ status: { value: 'SBMT' } });
    expect((await uploadAs(t.app, p.gp, `${base}supplementary-attachments/`)).statusCode).toBe(201);
    for (const kind of ['receiver', 'reschedule']) {
      const res = await uploadAs(t.app, p.specialist, `${base}${kind}-attachments/`, {
        bytes: PNG,
        name: 'a.png',
      });
      expect(res.statusCode, kind).toBe(201);
      expect((await uploadAs(t.app, p.gp, `${base}${kind}-attachments/`)).statusCode).toBe(403);
    }
    expect((await uploadAs(t.app, p.triageNurse, `${base}supplementary-attachments/`)).statusCode).toBe(403);
    // Both sides read every list; only the writer's side gets write access.
    const seen = await p.gp.api('GET', `${base}receiver-attachments/`);
    expect(seen.json()).toMatchObject({ count: 1, results: [{ access: 'read' }] });
  });

  it('answers outsiders 404 and lets a shared-with establishment read and download only', async () => {
    const up = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`);
    const attachment = up.json<{ id: string; file: string }>();
    await submit();
    for (const who of [p.outsider, p.gpColleague, p.clinicColleague]) {
      expect((await who.api('GET', `${base}referrer-attachments/`)).statusCode).toBe(404);
      expect((await who.api('GET', attachment.file)).statusCode).toBe(404);
      expect((await uploadAs(t.app, who, `${base}supplementary-attachments/`)).statusCode).toBe(404);
    }
    await t.database.db.insert(referralShares).values({
      referral_id: referralId,
      establishment_id: p.outsiderPractice.id,
      shared_by_id: p.gp.user.id,
    });
    expect((await p.outsider.api('GET', attachment.file)).statusCode).toBe(200);
    const listed = await p.outsider.api('GET', `${base}referrer-attachments/`);
    expect(listed.json()).toMatchObject({ results: [{ access: 'read' }] });
    expect((await uploadAs(t.app, p.outsider, `${base}supplementary-attachments/`)).statusCode).toBe(403);
    const del = await p.outsider.api('DELETE', `${base}referrer-attachments/${attachment.id}/`);
    expect(del.statusCode).toBe(403);
  });

  it('reads the type from the bytes: PNG bytes named .pdf are refused by a PDF-only field, leaving no file', async () => {
    const before = await uploads();
    const res = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`, {
      name: 'ecg.pdf',
      bytes: PNG,
      fields: { field: 'ecg' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [expect.stringContaining('This type of file is not accepted.')] });
    const script = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`, {
      name: 'x.pdf',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(script.statusCode).toBe(400);
    expect(await uploads()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5_242_880)]);
    const res = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`, { bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ file: ['The file is larger than 5 MB.'] });
  });

  it('keeps to max_files per form field (default 1, the template’s otherwise)', async () => {
    const url = `${base}referrer-attachments/`;
    expect((await uploadAs(t.app, p.gp, url, { fields: { field: 'ecg' } })).statusCode).toBe(201);
    const second = await uploadAs(t.app, p.gp, url, { fields: { field: 'ecg' } });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ file: ['This field takes at most 1 file.'] });
    const image = { bytes: PNG, name: 'echo.png', fields: { field: 'echo_images' } };
    expect((await uploadAs(t.app, p.gp, url, image)).statusCode).toBe(201);
    expect((await uploadAs(t.app, p.gp, url, image)).statusCode).toBe(201);
    expect((await uploadAs(t.app, p.gp, url, image)).statusCode).toBe(400);
  });

  it('keeps to 20 attachments per list and 5 supplementary', async () => {
    const rows = (kind: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        referral_id: referralId,
        kind,
        original_name: `f${String(i)}.pdf`,
        stored_name: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}.pdf`,
        content_type: 'application/pdf',
        size: 10,
      }));
    await t.database.db.insert(referralAttachments).values(rows('referrer', 20));
    const full = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({
      non_field_errors: ['A referral can have at most 20 referrer attachments.'],
    });
    await submit();
    await t.database.db.insert(referralAttachments).values(rows('supplementary', 5));
    const more = await uploadAs(t.app, p.gp, `${base}supplementary-attachments/`);
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({
      non_field_errors: ['A referral can have at most 5 supplementary attachments.'],
    });
    const page = await p.gp.api('GET', `${base}referrer-attachments/?page=2`);
    expect(page.json()).toMatchObject({ count: 20, next: null });
    expect(page.json<{ results: unknown[] }>().results).toHaveLength(10);
  });

  it('zips the supplementary files', async () => {
    await submit();
    const url = `${base}supplementary-attachments/`;
    await uploadAs(t.app, p.gp, url, { name: 'results.pdf' });
    await uploadAs(t.app, p.gp, url, { name: 'results.pdf' });
    await uploadAs(t.app, p.gp, url, { name: 'photo.png', bytes: PNG });
    const res = await p.specialist.api('GET', `${url}zip/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = res.rawPayload;
    // Walk the local headers: names and inflated contents.
    const entries: { name: string; data: Buffer }[] = [];
    for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
      const packed = zip.readUInt32LE(at + 18);
      const nameLength = zip.readUInt16LE(at + 26);
      const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
      const start = at + 30 + nameLength;
      entries.push({ name, data: inflateRawSync(zip.subarray(start, start + packed)) });
      at = start + packed;
    }
    expect(entries.map((entry) => entry.name)).toEqual(['results.pdf', 'results (2).pdf', 'photo.png']);
    expect(entries[0]?.data.equals(PDF)).toBe(true);
    expect(entries[2]?.data.equals(PNG)).toBe(true);
    expect((await p.outsider.api('GET', `${url}zip/`)).statusCode).toBe(404);
  });
});
