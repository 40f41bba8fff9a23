import { asc, count, eq } from 'drizzle-orm';
import type { PageQuery } from '@referrals/domain/api';
import type { ReportTemplate } from '@referrals/domain/reports/report-schemas';
import type { Queryable } from '../../db/database.ts';
import { reportTemplates } from '../../db/schema/reports.ts';
import { pageWindow } from '../../http/paging.ts';
import { referralEstablishmentOf } from '../referrals/referral-visibility.ts';
import type { Caller } from '../tenancy/caller.ts';
import { reportTemplateOf } from './report-template-rows.ts';

/** GET reports/templates/: the current establishment's report templates by name, paged. */
export async function listReportTemplates(
  q: Queryable,
  options: { caller: Caller; query: PageQuery },
): Promise<{ count: number; results: ReportTemplate[] }> {
  const establishmentId = referralEstablishmentOf(options.caller);
  if (establishmentId === null) return { count: 0, results: [] };
  const mine = eq(reportTemplates.establishment_id, establishmentId);
  const { limit, offset } = pageWindow(options.query);
  const [total] = await q.select({ n: count() }).from(reportTemplates).where(mine);
  const rows = await q
    .select()
    .from(reportTemplates)
    .where(mine)
    .orderBy(asc(reportTemplates.name), asc(reportTemplates.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, results: rows.map(reportTemplateOf) };
}
