import { and, count, eq } from 'drizzle-orm';
import { MAX_REFERRAL_REPORT_COUNT } from '@referrals/domain/constants';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import { canWriteReportOn } from '@referrals/domain/reports/report-lifecycle';
import {
  DEFAULT_REPORT_RECIPIENTS,
  defaultReportTitle,
  type Report,
  type ReportWrite,
} from '@referrals/domain/reports/report-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { reports, reportTemplates } from '../../db/schema/reports.ts';
import { conflict, permissionDenied, validationFailed } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from '../referrals/referral-call.ts';
import { cleanReportBody } from './report-html.ts';
import { reportDetail } from './report-queries.ts';

export const REPORT_LIMIT_MESSAGE = `A referral can have at most ${String(MAX_REFERRAL_REPORT_COUNT)} reports.`;
export const TEMPLATE_NOT_FOUND = 'There is no such report template at your establishment.';

/** The body of a report template of the establishment, or a 400 naming the template field. */
async function templateBody(q: Queryable, establishmentId: string, templateId: string): Promise<string> {
  const [template] = await q
    .select({ report_body: reportTemplates.report_body })
    .from(reportTemplates)
    .where(and(eq(reportTemplates.id, templateId), eq(reportTemplates.establishment_id, establishmentId)));
  if (!template) throw validationFailed({ template: [TEMPLATE_NOT_FOUND] });
  return template.report_body;
}

/**
 * POST referrals/{id}/reports/: a draft report by the referral's receiver side (section 7 Reports), with
 * the section 3 defaults (title 'Report', the referrer as recipient) and its body from a template when
 * one is named. The referral row is locked, so the 20-report limit holds under concurrent creates. A
 * MANUAL referral's report goes to no establishment (docs/reports.md): its author sends its letter.
 */
export async function createReport(
  db: Database,
  options: ReferralCall & { body: ReportWrite },
): Promise<Report> {
  const { body } = options;
  return inVisibleReferral(db, { ...options, lock: true }, async (tx, referral, side) => {
    if (side !== 'receiver' || !referral.to_establishment_id) throw permissionDenied();
    if (!canWriteReportOn(referral.status as ReferralStatus)) {
      const status = referral.status as ReferralStatus;
      throw conflict(`This referral is ${REFERRAL_STATUSES[status]}: a report cannot be written on it.`, {
        value: status,
        display: REFERRAL_STATUSES[status],
      });
    }
    const [held] = await tx.select({ n: count() }).from(reports).where(eq(reports.referral_id, referral.id));
    if ((held?.n ?? 0) >= MAX_REFERRAL_REPORT_COUNT) {
      throw validationFailed({ non_field_errors: [REPORT_LIMIT_MESSAGE] });
    }
    const fromTemplate =
      body.template === undefined ? '' : await templateBody(tx, referral.to_establishment_id, body.template);
    const [row] = await tx
      .insert(reports)
      .values({
        referral_id: referral.id,
        title: body.title || defaultReportTitle(referral.type),
        report_body: cleanReportBody(body.report_body ?? fromTemplate),
        recipients: body.recipients ?? DEFAULT_REPORT_RECIPIENTS,
        track_email_notification: body.track_email_notification ?? false,
        author_id: options.caller.userId,
        author_establishment_id: referral.to_establishment_id,
        // None for a MANUAL referral: its referrer is outside the product and gets the report's letter.
        recipient_establishment_id: referral.from_establishment_id,
      })
      .returning();
    if (!row) throw new Error('report insert returned nothing');
    await recordAudit(tx, options.actor, {
      action: 'report.create',
      resourceType: 'report',
      resourceId: row.id,
      patientId: referral.patient_id,
      detail: { referral_id: referral.id, template: body.template ?? null },
    });
    return reportDetail(tx, options.caller, row, referral, side);
  });
}
