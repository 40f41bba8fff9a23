import { and, eq } from 'drizzle-orm';
import type { Report, ReportFileKind } from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { reportFiles } from '../../db/schema/reports.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { removeStoredFile } from '../files/file-store.ts';
import { applyReportAction, checkReportAction } from './apply-report-action.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';
import { reportDetail } from './report-queries.ts';
import type { FileStorage } from '../files/storage.ts';

/**
 * DELETE reports/{id}/upload/, reports/{id}/attachments/{fileId}/ and reports/{id}/signature/: the author
 * side removes a file of a draft. The row goes in the transaction and the file after it commits; nothing
 * to remove is a 404.
 */
export async function deleteReportFile(
  db: Database,
  options: ReportCall & {
    storage: FileStorage;
    target: { kind: ReportFileKind; fileId?: string } | 'signature';
  },
): Promise<Report> {
  let removed: string[] = [];
  const report = await inVisibleReport(db, { ...options, lock: true }, async (tx, found) => {
    checkReportAction('update', found.report, found.side);
    const { target } = options;
    const changes: { signature_image?: null } = {};
    if (target === 'signature') {
      if (!found.report.signature_image) throw notFound();
      removed = [found.report.signature_image];
      changes.signature_image = null;
    } else {
      const which = [eq(reportFiles.report_id, found.report.id), eq(reportFiles.kind, target.kind)];
      if (target.fileId !== undefined) which.push(eq(reportFiles.id, target.fileId));
      const gone = await tx
        .delete(reportFiles)
        .where(and(...which))
        .returning({ name: reportFiles.stored_name });
      if (gone.length === 0) throw notFound();
      removed = gone.map((f) => f.name);
    }
    const what = target === 'signature' ? 'signature' : target.kind;
    await recordAudit(tx, options.actor, {
      action: `report.${what}.delete`,
      resourceType: 'report',
      resourceId: found.report.id,
      patientId: found.referral.patient_id,
      detail: target === 'signature' ? {} : { file_id: target.fileId ?? null },
    });
    const row = await applyReportAction(tx, { call: options, found, action: 'update', changes });
    return reportDetail(tx, options.caller, row, found.referral, found.side);
  });
  for (const name of removed) await removeStoredFile(options.storage, name);
  return report;
}
