import { and, eq } from 'drizzle-orm';
import { hasPermission } from '@referrals/domain/people/access-rules';
import type { ReportTemplate } from '@referrals/domain/reports/report-schemas';
import type { Queryable } from '../../db/database.ts';
import { reportTemplates } from '../../db/schema/reports.ts';
import { notFound, permissionDenied } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import { templateEstablishmentOf } from '../referrals/message-templates/message-template-rows.ts';
import type { Caller } from '../tenancy/caller.ts';

type ReportTemplateRow = typeof reportTemplates.$inferSelect;

export function reportTemplateOf(row: ReportTemplateRow): ReportTemplate {
  return {
    id: row.id,
    version: row.version,
    establishment: row.establishment_id,
    name: row.name,
    report_body: row.report_body,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The establishment whose report templates the caller may change: where they act, and only with
 * accept_referral, the permission of those who write reports (section 6: Drafts Reports).
 */
export function reportTemplateWriterEstablishment(caller: Caller): string {
  const establishmentId = templateEstablishmentOf(caller);
  if (!hasPermission(caller.access.permissions, 'accept_referral')) throw permissionDenied();
  return establishmentId;
}

/** One of the establishment's report templates, locked for a change; another's is a 404. */
export async function ownReportTemplate(
  q: Queryable,
  establishmentId: string,
  id: string,
): Promise<ReportTemplateRow> {
  const [row] = isUuid(id)
    ? await q
        .select()
        .from(reportTemplates)
        .where(and(eq(reportTemplates.id, id), eq(reportTemplates.establishment_id, establishmentId)))
        .for('update')
    : [];
  if (!row) throw notFound();
  return row;
}
