import { eq } from 'drizzle-orm';
import type { ReportStatus } from '@referrals/domain/reports/report-codes';
import { reportStatusAfter } from '@referrals/domain/reports/report-lifecycle';
import type { Report } from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { reports } from '../../db/schema/reports.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { applyReportAction } from './apply-report-action.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';
import { reportDetail } from './report-queries.ts';

/**
 * POST referrals/{id}/reports/{rid}/view/: the report is opened. The referrer side's first open moves it
 * from SBMT to VWD (under review) and tells the author; every open marks it read for the caller's side and
 * is audited as a read.
 */
export async function viewReport(db: Database, call: ReportCall): Promise<Report> {
  return inVisibleReport(db, { ...call, lock: true }, async (tx, found) => {
    const { report, side } = found;
    if (side === 'sender' && reportStatusAfter('view', report.status as ReportStatus, side) !== null) {
      const row = await applyReportAction(tx, {
        call,
        found,
        action: 'view',
        changes: { viewed_at: new Date(), recipient_unread: false, author_unread: true },
      });
      return reportDetail(tx, call.caller, row, found.referral, side);
    }
    const unread =
      side === 'sender' ? { recipient_unread: false } : side === 'receiver' ? { author_unread: false } : null;
    const [row] = unread
      ? await tx.update(reports).set(unread).where(eq(reports.id, report.id)).returning()
      : [report];
    await recordAudit(tx, call.actor, {
      action: 'report.read',
      resourceType: 'report',
      resourceId: report.id,
      patientId: found.referral.patient_id,
      detail: { referral_id: found.referral.id },
    });
    return reportDetail(tx, call.caller, row ?? report, found.referral, side);
  });
}
