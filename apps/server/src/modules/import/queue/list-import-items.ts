import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ImportItemSummary, ImportListQuery } from '@referrals/domain/imports/import-schemas';
import type { Queryable } from '../../../db/database.ts';
import { importItems } from '../../../db/schema/imports.ts';
import { users } from '../../../db/schema/people.ts';
import { pageWindow } from '../../../http/paging.ts';
import { oneRow } from '../../referrals/lists/referral-list-conditions.ts';
import type { AuditActor } from '../../audit/record-audit.ts';
import type { Caller } from '../../tenancy/caller.ts';
import {
  assigneeColumns,
  heldFileCount,
  importItemsVisibleTo,
  toImportItemSummary,
} from './import-item-queries.ts';
import { loggedImportListing } from './import-list-audit.ts';

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
 * The statement that reads the page also writes one `import.list` audit row per listed item
 * (import-list-audit.ts). The page and total walk import_items_queue_idx (establishment, status,
 * received_at desc, id), the count import_items_unread_idx.
 */
export async function listImportItems(
  q: Queryable,
  options: { caller: Caller; actor: AuditActor; establishmentId: string; query: ImportListQuery },
): Promise<{ count: number; unread_count: number; results: ImportItemSummary[] }> {
  const { caller, actor, establishmentId, query } = options;
  const where = queueWhere(establishmentId, caller, query);
  const { limit, offset } = pageWindow(query);
  // The index's own order (DESC NULLS LAST: a plain DESC means NULLS FIRST, which the planner cannot
  // read off the index even on a NOT NULL column), so a page is read off it rather than sorted.
  const newestFirst = [sql`${importItems.received_at} desc nulls last`, asc(importItems.id)];
  const page = q.$with('page').as(
    q
      .select({ id: importItems.id })
      .from(importItems)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
  );
  const logged = loggedImportListing(q, {
    actor,
    action: 'import.list',
    itemIds: sql`select id as item_id from page`,
    page: query.page,
  });
  const rows = await q
    .with(page, logged)
    .select({ item: importItems, assignee: assigneeColumns, fileCount: heldFileCount })
    .from(page)
    .innerJoin(importItems, eq(importItems.id, page.id))
    .leftJoin(users, eq(users.id, importItems.assignee_id))
    .orderBy(...newestFirst);
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
