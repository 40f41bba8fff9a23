import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { reportLetterPath } from '@referrals/domain/reports/report-paths';
import type { Report } from '@referrals/domain/reports/report-schemas';
import { auditLog } from '../../db/schema/audit-log.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { reports } from '../../db/schema/reports.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { Person } from '../establishments/establishment-test-people.ts';
import { insertReferral } from '../referrals/actions/referral-action-test-setup.ts';
import { PNG as NOT_A_PNG, uploadAs } from '../referrals/attachments/attachment-test-helpers.ts';
import { imageWidths, readPdf, textOf } from '../referrals/letter/read-pdf-test-helpers.ts';
import { SAMPLE_LOGO, SAMPLE_SIGNATURE } from '../referrals/letter/sample-images.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import { draftReport, reportPaths } from '../reports/report-test-setup.ts';

const BODY =
  '<h2>Findings</h2><p>Holter shows <strong>paroxysmal AF</strong>, about 4% of the time.</p>' +
  '<ol><li>Start apixaban 5 mg bd</li><li>Echo in six weeks</li></ol><ul><li>No driving for now</li></ul>';

describe('a report as a letter (GET referrals/{id}/pdf/?mode=report&report_id=)', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  const uploads = () => path.join(t.config.dataDir, 'uploads');

  /** Gives the clinic (the reports' author side) a branding logo of these bytes. */
  async function brandClinic(bytes: Buffer) {
    const name = `${randomUUID()}.png`;
    await mkdir(uploads(), { recursive: true });
    await writeFile(path.join(uploads(), name), bytes);
    await t.database.db
      .update(establishments)
      .set({ branding_logo: name })
      .where(eq(establishments.id, p.clinic.id));
  }

  /** A draft by the specialist with an upload, an attachment and a signature image. */
  async function draftWithFiles(referralId: string) {
    const draft = await draftReport(p.specialist, referralId, { title: 'Rhythm report', report_body: BODY });
    const paths = reportPaths(referralId, draft.id);
    await uploadAs(t.app, p.specialist, `${paths.files}/upload/`, { name: 'Cardiology letter.pdf' });
    await uploadAs(t.app, p.specialist, `${paths.files}/attachments/`, { name: 'Holter trace.pdf' });
    const signed = await uploadAs(t.app, p.specialist, `${paths.files}/signature/`, {
      name: 'signature.png',
      bytes: SAMPLE_SIGNATURE,
    });
    expect(signed.statusCode).toBe(201);
    return { report: signed.json<Report>(), paths };
  }

  const letterAudits = (reportId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource_id, reportId), eq(auditLog.action, 'report.letter')));

  const letterOf = (who: Person, referralId: string, reportId: string) =>
    who.api('GET', reportLetterPath(referralId, reportId));

  it('shows a draft to its author side only, then the sent report to the referrer, as a letter with its files', async () => {
    await brandClinic(SAMPLE_LOGO);
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const { report, paths } = await draftWithFiles(referral.id);

    // The referrer side never sees a draft: the same 404 as a missing report.
    const hidden = await letterOf(p.gp, referral.id, report.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'Not found.' });
    const draft = await letterOf(p.specialist, referral.id, report.id);
    expect(draft.statusCode).toBe(200);
    expect(textOf(readPdf(draft.rawPayload))).toContain('DRAFT, NOT SUBMITTED');

    expect((await p.specialist.api('POST', paths.action('submit'))).statusCode).toBe(200);
    const sent = await letterOf(p.gp, referral.id, report.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toBe('application/pdf');
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(sent.headers['content-disposition']).toBe(`inline; filename="report-${report.id}.pdf"`);
    const read = readPdf(sent.rawPayload);
    const text = textOf(read);
    for (const expected of [
      'Clinical report',
      'TO Dr Grace Palmer',
      'RE: PATIENT Olivia Whitfield',
      'REFERRED BY Dr Grace Palmer',
      'REFERRED TO Dr Samuel Hart',
      'Rhythm report Findings Holter shows paroxysmal AF, about 4% of the time.',
      '1. Start apixaban 5 mg bd 2. Echo in six weeks • No driving for now',
      'Cardiology letter.pdf (the report as uploaded)',
      'Holter trace.pdf',
      'Yours sincerely, Dr Samuel Hart',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('DRAFT');
    // The clinic's logo and the report's signature.
    expect(imageWidths(read).sort()).toEqual([240, 360]);

    // One audit row a letter, in the reader's name, naming the patient and never the body.
    const audits = await letterAudits(report.id);
    expect(audits.map((row) => row.actor_id).sort()).toEqual([p.specialist.user.id, p.gp.user.id].sort());
    expect(audits.every((row) => row.patient_id === p.patient.id)).toBe(true);
    expect(JSON.stringify(audits)).not.toMatch(/apixaban|Holter|Rhythm/);
  });

  it('is the 404 of a missing report to anyone who may not see the report, and on another referral', async () => {
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const other = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const report = await draftReport(p.specialist, referral.id);
    await p.specialist.api('POST', reportPaths(referral.id, report.id).action('submit'));

    for (const who of [p.outsider, p.gpColleague, p.clinicColleague]) {
      const res = await letterOf(who, referral.id, report.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await letterOf(p.gp, other.id, report.id)).statusCode).toBe(404);
    expect((await letterOf(p.gp, referral.id, randomUUID())).statusCode).toBe(404);
    expect((await letterOf(p.gp, 'not-a-uuid', report.id)).statusCode).toBe(404);
    expect(await letterAudits(report.id)).toEqual([]);
    expect((await letterOf(p.triageNurse, referral.id, report.id)).statusCode).toBe(200);
  });

  it('answers 400 for a missing or malformed report_id, a report_id without mode=report and an unknown mode', async () => {
    const referral = await insertReferral(t.database.db, p);
    const pdf = `/api/referrals/${referral.id}/pdf/`;
    const cases: [string, object][] = [
      ['?mode=report', { report_id: ['This field is required.'] }],
      ['?mode=report&report_id=12', { report_id: ['Must be a valid id.'] }],
      [`?report_id=${randomUUID()}`, { report_id: ['Only with mode=report.'] }],
      [`?mode=download&report_id=${randomUUID()}`, { report_id: ['Only with mode=report.'] }],
    ];
    for (const [query, body] of cases) {
      const res = await p.gp.api('GET', `${pdf}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual(body);
    }
    const unknown = await p.gp.api('GET', `${pdf}?mode=print`);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['mode']);
  });

  it('prints the letter without a signature whose file is gone or a logo that cannot print', async () => {
    await brandClinic(NOT_A_PNG);
    const referral = await insertReferral(t.database.db, p, { status: 'ACPT' });
    const { report } = await draftWithFiles(referral.id);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, report.id));
    await rm(path.join(uploads(), row?.signature_image ?? 'none'));

    const res = await letterOf(p.specialist, referral.id, report.id);
    expect(res.statusCode).toBe(200);
    const read = readPdf(res.rawPayload);
    expect(textOf(read)).toContain('Yours sincerely, Dr Samuel Hart');
    expect(imageWidths(read)).toEqual([]);
  });
});
