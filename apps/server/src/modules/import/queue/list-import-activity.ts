import { and, asc, eq, sql } from 'drizzle-orm';
import {
  importActivityActions,
  type ImportActivityAction,
  type ImportKind,
} from '@referrals/domain/imports/import-codes';
import type { ImportActivity, ImportActivityQuery } from '@referrals/domain/imports/import-schemas';
import type { Queryable } from '../../../db/database.ts';
import { importActivity, importItems } from '../../../db/schema/imports.ts';
import { users } from '../../../db/schema/people.ts';
import { pageWindow } from '../../../http/paging.ts';
import type { AuditActor } from '../../audit/record-audit.ts';
import { personRef } from '../../referrals/referral-refs.ts';
import { loggedImportListing } from './import-list-audit.ts';

/**
 * One page of GET import/activity/ (spec section 7 Import): what was done to the establishment's items,
 * or to one of them (`item`), newest first, with who did it. Another establishment's item has no activity
 * here, like a missing one. The rows carry their establishment, so the page walks
 * import_activity_establishment_idx without reading the items first. The statement that reads the page
 * also writes one `import.activity.list` audit row per distinct item on it (import-list-audit.ts).
 */
export async function listImportActivity(
  q: Queryable,
  options: { actor: AuditActor; establishmentId: string; query: ImportActivityQuery },
): Promise<{ count: number; results: ImportActivity[] }> {
  const { actor, establishmentId, query } = options;
  const where = and(
    eq(importActivity.establishment_id, establishmentId),
    query.item === undefined ? undefined : eq(importActivity.item_id, query.item),
  );
  const { limit, offset } = pageWindow(query);
  // import_activity_establishment_idx's own order (occurred_at DESC NULLS LAST, id), read off the index.
  const newestFirst = [sql`${importActivity.occurred_at} desc nulls last`, asc(importActivity.id)];
  const page = q.$with('page').as(
    q
      .select({ id: importActivity.id, item_id: importActivity.item_id })
      .from(importActivity)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
  );
  const logged = loggedImportListing(q, {
    actor,
    action: 'import.activity.list',
    itemIds: sql`select distinct item_id from page`,
    page: query.page,
  });
  const rows = await q
    .with(page, logged)
    .select({
      row: importActivity,
      item: { id: importItems.id, kind: importItems.kind, subject: importItems.subject },
      actor: { id: users.id, title: users.title, first_name: users.first_name, last_name: users.last_name },
    })
    .from(page)
    .innerJoin(importActivity, eq(importActivity.id, page.id))
    .innerJoin(importItems, eq(importItems.id, importActivity.item_id))
    .leftJoin(users, eq(users.id, importActivity.actor_id))
    .orderBy(...newestFirst);
  const [total] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(importActivity)
    .where(where);
  return {
    count: Number(total?.n ?? 0),
    results: rows.map(({ row, item, actor }) => ({
      id: row.id,
      item: { id: item.id, kind: item.kind as ImportKind, subject: item.subject },
      action: importActivityActions.coded(row.action as ImportActivityAction),
      actor: personRef(actor),
      detail: row.detail,
      occurred_at: row.occurred_at.toISOString(),
    })),
  };
}
