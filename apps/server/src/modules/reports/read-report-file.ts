import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { reportFiles } from '../../db/schema/reports.ts';
import { notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';

/** What the download of a report's file sends: its stored name, type and the name it was uploaded as. */
export type ReportFileDownload = { stored_name: string; content_type?: string; original_name: string };

/**
 * GET reports/{id}/files/{fileId}/ and reports/{id}/signature/ (`fileId` 'signature'): a file of a report
 * the caller may see,
 * audited as a read of the report; another report's file, or none, is a 404.
 */
export async function readReportFile(
  db: Database,
  options: ReportCall & { fileId: string },
): Promise<ReportFileDownload> {
  return inVisibleReport(db, options, async (tx, found) => {
    let download: ReportFileDownload | undefined;
    if (options.fileId === 'signature') {
      const name = found.report.signature_image;
      download = name ? { stored_name: name, original_name: 'signature' } : undefined;
    } else if (isUuid(options.fileId)) {
      const [row] = await tx
        .select()
        .from(reportFiles)
        .where(and(eq(reportFiles.id, options.fileId), eq(reportFiles.report_id, found.report.id)));
      download = row;
    }
    if (!download) throw notFound();
    await recordAudit(tx, options.actor, {
      action: 'report.file.read',
      resourceType: 'report',
      resourceId: found.report.id,
      patientId: found.referral.patient_id,
      detail: { file: options.fileId },
    });
    return download;
  });
}
