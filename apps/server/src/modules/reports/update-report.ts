import {
  DEFAULT_REPORT_RECIPIENTS,
  defaultReportTitle,
  type Report,
  type ReportWrite,
} from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { checkVersion, validationFailed } from '../../http/api-errors.ts';
import { applyReportAction, checkReportAction } from './apply-report-action.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';
import { cleanReportBody } from './report-html.ts';
import { reportDetail } from './report-queries.ts';

export const STALE_REPORT = 'This report was changed since you read it: load it again before saving.';

/**
 * PUT or PATCH referrals/{id}/reports/{rid}/: the author side edits a draft (report-lifecycle.ts update),
 * the version it read checked. PUT sets every writable field (left out: its default), PATCH only those sent.
 */
export async function updateReport(
  db: Database,
  options: ReportCall & { body: ReportWrite; merge: boolean },
): Promise<Report> {
  const { body } = options;
  if (body.template !== undefined) {
    throw validationFailed({ template: ['A template starts a new report; copy its text into this one.'] });
  }
  return inVisibleReport(db, { ...options, lock: true }, async (tx, found) => {
    const untitled = defaultReportTitle(found.referral.type);
    const changes = options.merge
      ? {
          ...(body.title !== undefined ? { title: body.title || untitled } : {}),
          ...(body.report_body !== undefined ? { report_body: cleanReportBody(body.report_body) } : {}),
          ...(body.recipients !== undefined ? { recipients: body.recipients } : {}),
          ...(body.track_email_notification !== undefined
            ? { track_email_notification: body.track_email_notification }
            : {}),
        }
      : {
          title: body.title || untitled,
          report_body: cleanReportBody(body.report_body ?? ''),
          recipients: body.recipients ?? DEFAULT_REPORT_RECIPIENTS,
          track_email_notification: body.track_email_notification ?? false,
        };
    // The lifecycle first: a report no longer a draft is a 409 whatever version was sent.
    checkReportAction('update', found.report, found.side);
    checkVersion(body.version, found.report.version, STALE_REPORT);
    const row = await applyReportAction(tx, { call: options, found, action: 'update', changes });
    return reportDetail(tx, options.caller, row, found.referral, found.side);
  });
}
