import { eq, sql } from 'drizzle-orm';
import type { ReportTemplate, ReportTemplateWrite } from '@referrals/domain/reports/report-schemas';
import type { Database } from '../../db/database.ts';
import { reportTemplates } from '../../db/schema/reports.ts';
import { checkVersion } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { templateEstablishmentOf } from '../referrals/message-templates/message-template-rows.ts';
import { cleanReportBody } from './report-html.ts';
import {
  ownReportTemplate,
  reportTemplateOf,
  reportTemplateWriterEstablishment,
} from './report-template-rows.ts';

type SaveOptions = { caller: Caller; actor: AuditActor; body: ReportTemplateWrite };

export const STALE_TEMPLATE = 'This template was changed since you read it: load it again before saving.';

/** POST reports/templates/: a report template of the caller's establishment, audited. */
export function createReportTemplate(db: Database, options: SaveOptions): Promise<ReportTemplate> {
  const establishmentId = reportTemplateWriterEstablishment(options.caller);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportTemplates)
      .values({
        establishment_id: establishmentId,
        name: options.body.name,
        report_body: cleanReportBody(options.body.report_body),
        created_by_id: options.caller.userId,
      })
      .returning();
    if (!row) throw new Error('report template insert returned no row');
    await recordAudit(tx, options.actor, {
      action: 'report-template.create',
      resourceType: 'report_template',
      resourceId: row.id,
    });
    return reportTemplateOf(row);
  });
}

/** PUT reports/templates/{id}/: replaces one of the establishment's report templates (version checked). */
export function updateReportTemplate(
  db: Database,
  options: SaveOptions & { id: string },
): Promise<ReportTemplate> {
  const establishmentId = templateEstablishmentOf(options.caller);
  return db.transaction(async (tx) => {
    const current = await ownReportTemplate(tx, establishmentId, options.id);
    reportTemplateWriterEstablishment(options.caller);
    checkVersion(options.body.version, current.version, STALE_TEMPLATE);
    const [row] = await tx
      .update(reportTemplates)
      .set({
        name: options.body.name,
        report_body: cleanReportBody(options.body.report_body),
        updated_at: sql`now()`,
        version: sql`${reportTemplates.version} + 1`,
      })
      .where(eq(reportTemplates.id, current.id))
      .returning();
    if (!row) throw new Error('report template update returned no row');
    await recordAudit(tx, options.actor, {
      action: 'report-template.update',
      resourceType: 'report_template',
      resourceId: row.id,
    });
    return reportTemplateOf(row);
  });
}

/** DELETE reports/templates/{id}/: removes one; reports started from it keep their text. */
export async function deleteReportTemplate(
  db: Database,
  options: { caller: Caller; actor: AuditActor; id: string },
): Promise<void> {
  const establishmentId = templateEstablishmentOf(options.caller);
  await db.transaction(async (tx) => {
    // Another establishment's template is a 404 whatever the caller's permissions.
    const current = await ownReportTemplate(tx, establishmentId, options.id);
    reportTemplateWriterEstablishment(options.caller);
    await tx.delete(reportTemplates).where(eq(reportTemplates.id, current.id));
    await recordAudit(tx, options.actor, {
      action: 'report-template.delete',
      resourceType: 'report_template',
      resourceId: current.id,
    });
  });
}
