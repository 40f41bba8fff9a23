import type { Report } from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { applyReportAction } from './apply-report-action.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';
import { reportDetail } from './report-queries.ts';

/**
 * POST referrals/{id}/reports/{rid}/review/: the referrer side has read and acted on the report (SBMT or
 * VWD to RVWD). The author side has it unread and is told. Of concurrent reviews one succeeds, the rest
 * are 409s naming Reviewed (the report row is locked).
 */
export async function reviewReport(db: Database, call: ReportCall): Promise<Report> {
  return inVisibleReport(db, { ...call, lock: true }, async (tx, found) => {
    const row = await applyReportAction(tx, {
      call,
      found,
      action: 'review',
      changes: {
        reviewed_at: new Date(),
        reviewed_by_id: call.caller.userId,
        recipient_unread: false,
        author_unread: true,
      },
    });
    return reportDetail(tx, call.caller, row, found.referral, found.side);
  });
}

/**
 * POST referrals/{id}/reports/{rid}/underreview/: the referrer side marks the report under review by hand,
 * a submitted one or a reviewed one taken up again (to VWD); the review's date and reviewer are cleared.
 */
export async function markReportUnderReview(db: Database, call: ReportCall): Promise<Report> {
  return inVisibleReport(db, { ...call, lock: true }, async (tx, found) => {
    const row = await applyReportAction(tx, {
      call,
      found,
      action: 'underreview',
      changes: {
        viewed_at: found.report.viewed_at ?? new Date(),
        reviewed_at: null,
        reviewed_by_id: null,
        recipient_unread: false,
      },
    });
    return reportDetail(tx, call.caller, row, found.referral, found.side);
  });
}
