import { and, count, eq } from 'drizzle-orm';
import { REPORT_EMPTY_MESSAGE, type Report } from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { reportFiles } from '../../db/schema/reports.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { applyReportAction, checkReportAction } from './apply-report-action.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';
import { reportBodyText } from './report-html.ts';
import { reportDetail } from './report-queries.ts';

/**
 * POST referrals/{id}/reports/{rid}/submit/: the author side sends a draft to the referrer (DRFT to SBMT).
 * A report with neither text nor an uploaded report is refused; the referrer's side has it unread and is
 * notified (by mail too, as their preference says).
 */
export async function submitReport(db: Database, call: ReportCall): Promise<Report> {
  return inVisibleReport(db, { ...call, lock: true }, async (tx, found) => {
    checkReportAction('submit', found.report, found.side);
    if (reportBodyText(found.report.report_body) === '') {
      const [uploads] = await tx
        .select({ n: count() })
        .from(reportFiles)
        .where(and(eq(reportFiles.report_id, found.report.id), eq(reportFiles.kind, 'upload')));
      if ((uploads?.n ?? 0) === 0) throw validationFailed({ report_body: [REPORT_EMPTY_MESSAGE] });
    }
    const row = await applyReportAction(tx, {
      call,
      found,
      action: 'submit',
      changes: { submitted_at: new Date(), recipient_unread: true, author_unread: false },
    });
    return reportDetail(tx, call.caller, row, found.referral, found.side);
  });
}
