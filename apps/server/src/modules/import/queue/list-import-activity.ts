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
import { personRef } from '../../referrals/referral-refs.ts';

/**
 * One page of GET import/activity/ (spec section 7 Import): what was done to the establishment's items,
 * or to one of them (`item`), newest first, with who did it. Another establishment's item has no activity
 * here, like a missing one. The rows carry their establishment, so the page walks
 * import_activity_establishment_idx without reading the items first.
 */
export async function listImportActivity(
  q: Queryable,
  options: { establishmentId: string; query: ImportActivityQuery },
): Promise<{ count: number; results: ImportActivity[] }> {
  const { establishmentId, query } = options;
  const where = and(
    eq(importActivity.establishment_id, establishmentId),
    query.item === undefined ? undefined : eq(importActivity.item_id, query.item),
  );
  const { limit, offset } = pageWindow(query);
  const rows = await q
    .select({
      row: importActivity,
      item: { id: importItems.id, kind: importItems.kind, subject: importItems.subject },
      actor: { id: users.id, title: users.title, first_name: users.first_name, last_name: users.last_name },
    })
    .from(importActivity)
    .innerJoin(importItems, eq(importItems.id, importActivity.item_id))
    .leftJoin(users, eq(users.id, importActivity.actor_id))
    .where(where)
    // import_activity_establishment_idx's own order (occurred_at DESC NULLS LAST, id), read off the index.
    .orderBy(sql`${importActivity.occurred_at} desc nulls last`, asc(importActivity.id))
    .limit(limit)
    .offset(offset);
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
