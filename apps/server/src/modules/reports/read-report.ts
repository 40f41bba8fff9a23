import { and, asc, eq } from 'drizzle-orm';
import type { Report } from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { reports } from '../../db/schema/reports.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from '../referrals/referral-call.ts';
import { inVisibleReport, type ReportCall } from './report-call.ts';
import { reportDetail, reportsVisibleTo } from './report-queries.ts';

/** GET referrals/{id}/reports/{rid}/: one report, read without marking it opened; audited as a read. */
export async function getReport(db: Database, call: ReportCall): Promise<Report> {
  return inVisibleReport(db, call, async (tx, found) => {
    await recordAudit(tx, call.actor, {
      action: 'report.read',
      resourceType: 'report',
      resourceId: found.report.id,
      patientId: found.referral.patient_id,
      detail: { referral_id: found.referral.id },
    });
    return reportDetail(tx, call.caller, found.report, found.referral, found.side);
  });
}

/**
 * GET referrals/{id}/reports/: the reports of a referral the caller may see, oldest first (at most 20 by
 * the limit), drafts only for its receiver side. One audit row per report listed.
 */
export async function listReferralReports(db: Database, call: ReferralCall): Promise<Report[]> {
  return inVisibleReferral(db, call, async (tx, referral, side) => {
    const rows = await tx
      .select()
      .from(reports)
      // The referral's visibility again, so that the draft rule is written once (reportsVisibleTo).
      .innerJoin(referrals, eq(referrals.id, reports.referral_id))
      .where(and(eq(reports.referral_id, referral.id), reportsVisibleTo(call.caller)))
      .orderBy(asc(reports.created_at), asc(reports.id));
    const result: Report[] = [];
    for (const { reports: row } of rows) {
      await recordAudit(tx, call.actor, {
        action: 'report.read',
        resourceType: 'report',
        resourceId: row.id,
        patientId: referral.patient_id,
        detail: { referral_id: referral.id },
      });
      result.push(await reportDetail(tx, call.caller, row, referral, side));
    }
    return result;
  });
}
