import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ImportItemSummary, ImportListQuery } from '@referrals/domain/imports/import-schemas';
import type { Queryable } from '../../../db/database.ts';
import { importItems } from '../../../db/schema/imports.ts';
import { users } from '../../../db/schema/people.ts';
import { pageWindow } from '../../../http/paging.ts';
import { oneRow } from '../../referrals/lists/referral-list-conditions.ts';
import type { Caller } from '../../tenancy/caller.ts';
import {
  assigneeColumns,
  heldFileCount,
  importItemsVisibleTo,
  toImportItemSummary,
} from './import-item-queries.ts';

/** The list's conditions: the establishment's items, of the status asked for (new unless told), and assignee. */
function queueWhere(establishmentId: string, caller: Caller, query: ImportListQuery): SQL | undefined {
  const where = [importItemsVisibleTo(establishmentId)];
  if (query.status !== 'all') where.push(eq(importItems.status, query.status));
  if (query.assignee !== undefined) {
    where.push(eq(importItems.assignee_id, query.assignee === 'me' ? caller.userId : query.assignee));
  }
  return and(...where);
}

/**
 * One page of GET import/email/ (spec section 7 Import): the establishment's emails and faxes, newest
 * first, each with its assignee's name and how many files it holds read in the page's own statement; the
 * total; and `unread_count`, the new items no one has opened, whatever the filter (the navigation's count).
 * The page and total walk import_items_queue_idx (establishment, status, received_at desc, id), the count
 * import_items_unread_idx.
 */
export async function listImportItems(
  q: Queryable,
  options: { caller: Caller; establishmentId: string; query: ImportListQuery },
): Promise<{ count: number; unread_count: number; results: ImportItemSummary[] }> {
  const { caller, establishmentId, query } = options;
  const where = queueWhere(establishmentId, caller, query);
  const { limit, offset } = pageWindow(query);
  const rows = await q
    .select({ item: importItems, assignee: assigneeColumns, fileCount: heldFileCount })
    .from(importItems)
    .leftJoin(users, eq(users.id, importItems.assignee_id))
    .where(where)
    // The index's own order (DESC NULLS LAST: a plain DESC means NULLS FIRST, which the planner cannot
    // read off the index even on a NOT NULL column), so a page is read off it rather than sorted.
    .orderBy(sql`${importItems.received_at} desc nulls last`, asc(importItems.id))
    .limit(limit)
    .offset(offset);
  // Written as the partial index's own predicate, so the planner can prove it applies.
  const unread = sql`${importItemsVisibleTo(establishmentId)}
    and ${importItems.unread} and ${importItems.status} = 'new'`;
  const [counts] = await q
    .select({
      count: sql<number>`(select count(*)::int from ${importItems} where ${where})`,
      unread: sql<number>`(select count(*)::int from ${importItems} where ${unread})`,
    })
    .from(oneRow);
  return {
    count: Number(counts?.count ?? 0),
    unread_count: Number(counts?.unread ?? 0),
    results: rows.map((row) => toImportItemSummary(row.item, row)),
  };
}
