import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { reportFiles, reports } from '../../db/schema/reports.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { removeStoredFile } from '../files/file-store.ts';
import { checkReportAction } from './apply-report-action.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';
import type { FileStorage } from '../files/storage.ts';

/**
 * DELETE referrals/{id}/reports/{rid}/: the author side deletes a draft for good, with its files. The
 * files leave the storage only after the rows are gone: a failed delete keeps both.
 */
export async function deleteReport(
  db: Database,
  options: ReportCall & { storage: FileStorage },
): Promise<void> {
  const stored = await inVisibleReport(db, { ...options, lock: true }, async (tx, found) => {
    checkReportAction('delete', found.report, found.side);
    const files = await tx
      .delete(reportFiles)
      .where(eq(reportFiles.report_id, found.report.id))
      .returning({ name: reportFiles.stored_name });
    await tx.delete(reports).where(eq(reports.id, found.report.id));
    await recordAudit(tx, options.actor, {
      action: 'report.delete',
      resourceType: 'report',
      resourceId: found.report.id,
      patientId: found.referral.patient_id,
      detail: { referral_id: found.referral.id },
    });
    return [...files.map((f) => f.name), found.report.signature_image].filter((n): n is string => !!n);
  });
  for (const name of stored) await removeStoredFile(options.storage, name);
}
