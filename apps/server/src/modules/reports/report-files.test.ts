import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Report } from '@referrals/domain/reports/report-schemas';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { PDF, PNG, storedFiles, uploadAs } from '../referrals/attachments/attachment-test-helpers.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { draftReport, reportPaths } from './report-test-setup.ts';

describe('a report’s files: the upload, attachments and signature (section 7 Reports)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-report-files-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes files of a draft by their bytes, lets the referrer download them once sent, and no more changes', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'SCHDL' });
    const report = await draftReport(p.specialist, referral.id, { report_body: '' });
    const paths = reportPaths(referral.id, report.id);

    const attached = await uploadAs(t.app, p.specialist, `${paths.files}/attachments/`, { name: 'echo.pdf' });
    expect(attached.statusCode).toBe(201);
    const [file] = attached.json<Report>().report_attachments;
    expect(file).toMatchObject({ original_name: 'echo.pdf', content_type: 'application/pdf' });

    const text = await uploadAs(t.app, p.specialist, `${paths.files}/attachments/`, {
      name: 'notes.pdf',
      bytes: Buffer.from('just text, not a PDF'),
    });
    expect(text.statusCode).toBe(400);
    const huge = await uploadAs(t.app, p.specialist, `${paths.files}/attachments/`, {
      bytes: Buffer.concat([PDF, Buffer.alloc(5_300_000)]),
    });
    expect(huge.statusCode).toBe(413);
    expect(await storedFiles(dataDir)).toHaveLength(1);

    // The report written elsewhere counts as its text: it can be submitted with no body. A second upload replaces it.
    await uploadAs(t.app, p.specialist, `${paths.files}/upload/`, { name: 'first.pdf' });
    const second = await uploadAs(t.app, p.specialist, `${paths.files}/upload/`, { name: 'letter.pdf' });
    expect(second.json<Report>().report_uploads.map((f) => f.original_name)).toEqual(['letter.pdf']);
    expect(await storedFiles(dataDir)).toHaveLength(2);

    // The signature from the author's profile, copied: the profile's own file stays.
    expect((await p.specialist.api('POST', `${paths.files}/signature/`)).statusCode).toBe(400);
    const signed = await uploadAs(t.app, p.specialist, '/api/profile/signature-image/', {
      name: 's.png',
      bytes: PNG,
    });
    expect(signed.statusCode).toBe(202);
    const withSignature = await p.specialist.api('POST', `${paths.files}/signature/`);
    expect(withSignature.statusCode).toBe(201);
    expect(withSignature.json<Report>().signature).toBe(`/api/reports/${report.id}/signature/`);

    // Before it is sent the referrer cannot reach a file; afterwards it can, but nobody changes them.
    expect((await p.gp.api('GET', `${paths.files}/files/${file?.id}/`)).statusCode).toBe(404);
    expect((await p.specialist.api('POST', paths.action('submit'))).statusCode).toBe(200);
    const download = await p.gp.api('GET', `${paths.files}/files/${file?.id}/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('echo.pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await p.gp.api('GET', `${paths.files}/signature/`)).statusCode).toBe(200);
    const late = await uploadAs(t.app, p.specialist, `${paths.files}/attachments/`);
    expect(late.statusCode).toBe(409);
    expect((await p.specialist.api('DELETE', `${paths.files}/attachments/${file?.id}/`)).statusCode).toBe(
      409,
    );
    expect((await p.gp.api('DELETE', `${paths.files}/signature/`)).statusCode).toBe(403);
    // The attachment, the upload, the profile's signature and the report's copy of it.
    expect(await storedFiles(dataDir)).toHaveLength(4);
  });

  it('removes a draft’s files with it', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const report = await draftReport(p.specialist, referral.id);
    const before = (await storedFiles(dataDir)).length;
    await uploadAs(t.app, p.specialist, `/api/reports/${report.id}/attachments/`);
    const removed = await p.specialist.api(
      'DELETE',
      `/api/reports/${report.id}/attachments/${
        (await p.specialist.api('GET', reportPaths(referral.id, report.id).one)).json<Report>()
          .report_attachments[0]?.id
      }/`,
    );
    expect(removed.json<Report>().report_attachments).toEqual([]);
    await uploadAs(t.app, p.specialist, `/api/reports/${report.id}/upload/`);
    expect(await storedFiles(dataDir)).toHaveLength(before + 1);
    expect((await p.specialist.api('DELETE', reportPaths(referral.id, report.id).one)).statusCode).toBe(204);
    expect(await storedFiles(dataDir)).toHaveLength(before);
  });
});
