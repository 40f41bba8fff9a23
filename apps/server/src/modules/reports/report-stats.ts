import { sql, type SQL } from 'drizzle-orm';
import type { ReportStats } from '@referrals/domain/reports/report-schemas';
import type { Queryable } from '../../db/database.ts';
import { preparedFor, StatementShape } from '../../db/prepared-shapes.ts';
import { reports } from '../../db/schema/reports.ts';
import { oneRow } from '../referrals/lists/referral-list-conditions.ts';
import type { Caller } from '../tenancy/caller.ts';
import { reportBox, type ReportBoxSource } from './list-reports.ts';

/**
 * GET reports/stats/: the counters of the navigation's Reports items (section 2 Layout; section 3 Stats)
 * at the current establishment, each counted with its list's own conditions (list-reports.ts): the inbox
 * (sent to the caller's side, and how many it has not opened), the outbox (submitted by it, and how many
 * were opened or reviewed since it looked) and its drafts. One statement; polled with the referral stats.
 */
export async function reportStats(q: Queryable, caller: Caller): Promise<ReportStats> {
  const shape = new StatementShape();
  const inbox = reportBox(shape, caller, 'inbox', { filtered: false });
  const outbox = reportBox(shape, caller, 'outbox', { filtered: false });
  // Each count is one nested fragment: drizzle writes a column at the top of a selected field without its
  // table, which the join would make ambiguous.
  const counting = (box: ReportBoxSource, ...conditions: SQL[]) =>
    sql<number>`${sql`(select count(*) from ${box.from}
      where ${sql.join([box.where, ...conditions], sql` and `)})`}`;
  const sent = sql`${reports.status} <> 'DRFT'`;
  const counted = preparedFor(q, 'report_stats', shape, () =>
    q
      .select({
        inbox: counting(inbox),
        inbox_unread: counting(inbox, sql`${reports.recipient_unread}`),
        outbox: counting(outbox, sent),
        outbox_unread: counting(outbox, sent, sql`${reports.author_unread}`),
        drafts: counting(outbox, sql`${reports.status} = 'DRFT'`),
      })
      .from(oneRow),
  );
  const [row] = await counted.execute(shape.values);
  const n = (value: number | undefined) => Number(value ?? 0);
  return {
    inbox: { count: n(row?.inbox), unread: n(row?.inbox_unread) },
    outbox: { count: n(row?.outbox), unread: n(row?.outbox_unread) },
    drafts: n(row?.drafts),
  };
}
