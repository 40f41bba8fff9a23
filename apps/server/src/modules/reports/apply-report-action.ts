import { eq, sql } from 'drizzle-orm';
import { REPORT_STATUSES, type ReportStatus } from '@referrals/domain/reports/report-codes';
import {
  isReportActionForSide,
  reportActionRefusedMessage,
  reportStatusAfter,
  type ReportAction,
} from '@referrals/domain/reports/report-lifecycle';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Transaction } from '../../db/database.ts';
import { reports } from '../../db/schema/reports.ts';
import { conflict, permissionDenied } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { notifyReportTransition } from '../notifications/create-notifications.ts';
import { recordReferralHistory } from '../referrals/referral-history.ts';
import type { ReportCall, VisibleReport } from './report-call.ts';
import type { ReportRow } from './report-queries.ts';

/**
 * The status `action` leads to for the caller's side (report-lifecycle.ts): an action that is not the
 * side's (a shared-with reader's, or the referrer editing) is a 403, one not allowed from the report's
 * status a 409 naming it.
 */
export function checkReportAction(
  action: ReportAction,
  report: ReportRow,
  side: ReferralSideOfCaller,
): ReportStatus | 'gone' {
  if (side === 'shared' || !isReportActionForSide(action, side)) throw permissionDenied();
  const to = reportStatusAfter(action, report.status as ReportStatus, side);
  if (to === null) {
    const current = report.status as ReportStatus;
    throw conflict(reportActionRefusedMessage(action, current), {
      value: current,
      display: REPORT_STATUSES[current],
    });
  }
  return to;
}

/** The report actions that the referral's history records for both sides to read. */
const IN_REFERRAL_HISTORY: ReadonlySet<ReportAction> = new Set(['submit', 'review']);

/**
 * Applies one report action to a locked report in the caller's transaction: the new status and `changes`,
 * a new version, the audit row, the other side's notification and, for a submit or review, a row in the
 * referral's history. Every report action ends here, so the table is checked in one place.
 */
export async function applyReportAction(
  tx: Transaction,
  options: {
    call: ReportCall;
    found: VisibleReport;
    action: Exclude<ReportAction, 'delete'>;
    changes?: Partial<typeof reports.$inferInsert>;
  },
): Promise<ReportRow> {
  const { call, found, action } = options;
  const { report, referral } = found;
  const to = checkReportAction(action, report, found.side);
  const status = to === 'gone' ? report.status : to;
  const [row] = await tx
    .update(reports)
    .set({ ...options.changes, status, updated_at: new Date(), version: sql`${reports.version} + 1` })
    .where(eq(reports.id, report.id))
    .returning();
  if (!row) throw new Error('report update returned nothing');
  const detail = { report_id: report.id, from: report.status, to: status };
  if (IN_REFERRAL_HISTORY.has(action)) {
    await recordReferralHistory(tx, {
      referralId: referral.id,
      caller: call.caller,
      action: `report.${action}`,
      from: referral.status,
      to: referral.status,
      detail,
    });
  }
  await notifyReportTransition(tx, { referral, report: row, action, caller: call.caller });
  await recordAudit(tx, call.actor, {
    action: `report.${action}`,
    resourceType: 'report',
    resourceId: report.id,
    patientId: referral.patient_id,
    detail: { referral_id: referral.id, from: report.status, to: status },
  });
  return row;
}
