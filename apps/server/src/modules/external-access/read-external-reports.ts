import { eq, sql } from 'drizzle-orm';
import { reportRecipientOf } from '@referrals/domain/external-access/external-access-rules';
import type { ExternalReportList } from '@referrals/domain/external-access/external-access-schemas';
import type { Database, Transaction } from '../../db/database.ts';
import { reports } from '../../db/schema/reports.ts';
import { notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { reportsForReader } from '../my-referrals/read-my-report.ts';
import { printReportLetter, reportLetterOf } from '../reports/letter/read-report-letter.ts';
import { auditThroughLink } from './access-audit.ts';
import { openAccessSession, type AccessCall, type OpenLink } from './access-link-lookup.ts';
import type { FileStorage } from '../files/storage.ts';

/** The sent reports of the link's referral addressed to its reader (the referrer for a sender, else the patient). */
function reportsOfLink(tx: Transaction, open: OpenLink, reportId?: string) {
  const one = reportId === undefined ? sql`true` : sql`rep.id = ${reportId}`;
  return reportsForReader(tx, {
    recipient: reportRecipientOf(open.audience),
    where: sql`rep.referral_id = ${open.referral.id} and ${one}`,
  });
}

/**
 * GET reports/external/?access= (spec section 7 Reports; docs/external-access.md): the clinical reports
 * sent back on the referral and addressed to the reader, with their text, for a reader with a session. A
 * draft, or a report addressed only to the other audience, is not there. One audit row per report read.
 */
export async function listExternalReports(
  db: Database,
  options: { call: AccessCall },
): Promise<ExternalReportList> {
  return db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call);
    const found = await reportsOfLink(tx, open);
    for (const report of found) {
      await auditThroughLink(tx, open, {
        action: 'report.read',
        resourceType: 'report',
        resourceId: report.id,
      });
    }
    return { results: found.map(({ patient_id: _patient, ...report }) => report) };
  });
}

/**
 * GET reports/external/?access=&pdf=true&report={id}: one of those reports as its letter (the report letter
 * of docs/reports.md), audited as 'report.letter'; any other report is the 404 of a missing one.
 */
export async function readExternalReportLetter(
  db: Database,
  options: { call: AccessCall; reportId: string; storage: FileStorage },
): Promise<Buffer> {
  const rows = await db.transaction(async (tx) => {
    const open = await openAccessSession(tx, options.call);
    const [shown] = isUuid(options.reportId) ? await reportsOfLink(tx, open, options.reportId) : [];
    const [report] = shown ? await tx.select().from(reports).where(eq(reports.id, shown.id)) : [];
    if (!report) throw notFound();
    await auditThroughLink(tx, open, {
      action: 'report.letter',
      resourceType: 'report',
      resourceId: report.id,
    });
    return reportLetterOf(tx, { report, referral: open.referral });
  });
  return printReportLetter(options.storage, rows);
}
