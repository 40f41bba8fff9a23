import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  importDismissReasons,
  importItemStatuses,
  importKinds,
  type ImportDismissReason,
  type ImportItemStatus,
  type ImportKind,
} from '@referrals/domain/imports/import-codes';
import type { ImportItem, ImportItemSummary } from '@referrals/domain/imports/import-schemas';
import type { Queryable } from '../../../db/database.ts';
import { importItemFiles, importItems } from '../../../db/schema/imports.ts';
import { users } from '../../../db/schema/people.ts';
import { notFound } from '../../../http/api-errors.ts';
import { personRef } from '../../referrals/referral-refs.ts';

export type ImportItemRow = typeof importItems.$inferSelect;
export type ImportItemFileRow = typeof importItemFiles.$inferSelect;

/**
 * Import item tenancy, in one place (house-style: one visibility function per entity): an item is its
 * establishment's, seen by the queue's callers there (import-call.ts); any other answers like a missing id.
 */
export function importItemsVisibleTo(establishmentId: string): SQL {
  return eq(importItems.establishment_id, establishmentId);
}

/** A file the item still holds: one moved to the referral it became has no stored name left. */
export const heldFile = isNotNull(importItemFiles.file);

/** The assignee's name columns, for a select that left-joins `users` on the item's assignee. */
export const assigneeColumns = {
  id: users.id,
  title: users.title,
  first_name: users.first_name,
  last_name: users.last_name,
};
type AssigneeColumns = { id: string; title: string | null; first_name: string; last_name: string };

/** How many files the item still holds, counted in the item's own select (no query per row). */
export const heldFileCount = sql<number>`(select count(*)::int from ${importItemFiles}
  where ${importItemFiles.item_id} = ${importItems.id} and ${importItemFiles.file} is not null)`;

/**
 * One item of the establishment, optionally locked for a change (SELECT ... FOR UPDATE), so that two
 * actions on it run one after the other and the second sees the first's status. `kind`, when given, must
 * be the item's; another item, or another kind, is a 404.
 */
export async function findVisibleImportItem(
  q: Queryable,
  ids: { establishmentId: string; itemId: string; kind?: string },
  options: { lock?: boolean } = {},
): Promise<ImportItemRow> {
  const where = [eq(importItems.id, ids.itemId), importItemsVisibleTo(ids.establishmentId)];
  if (ids.kind !== undefined) where.push(eq(importItems.kind, ids.kind));
  const query = q
    .select()
    .from(importItems)
    .where(and(...where));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

/** The item as the queue's list shows it. */
export function toImportItemSummary(
  row: ImportItemRow,
  refs: { assignee: AssigneeColumns | null; fileCount: number },
): ImportItemSummary {
  return {
    id: row.id,
    kind: importKinds.coded(row.kind as ImportKind),
    status: importItemStatuses.coded(row.status as ImportItemStatus),
    sender: row.sender,
    sender_name: row.sender_name,
    subject: row.subject,
    received_at: row.received_at.toISOString(),
    unread: row.unread,
    assignee: personRef(refs.assignee),
    file_count: refs.fileCount,
    referral: row.referral_id === null ? null : { id: row.referral_id },
  };
}

/** The item as GET import/email/{id}/ and PATCH answer it: the summary, the text and the files it holds. */
export async function importItemDetail(q: Queryable, row: ImportItemRow): Promise<ImportItem> {
  const [assignee] =
    row.assignee_id === null
      ? []
      : await q.select(assigneeColumns).from(users).where(eq(users.id, row.assignee_id));
  const files = await q
    .select()
    .from(importItemFiles)
    .where(and(eq(importItemFiles.item_id, row.id), heldFile))
    .orderBy(asc(importItemFiles.position), asc(importItemFiles.id));
  const reason = row.dismissed_reason as ImportDismissReason | null;
  return {
    ...toImportItemSummary(row, { assignee: assignee ?? null, fileCount: files.length }),
    body_text: row.body_text,
    message_details: row.message_details,
    files: files.map((file) => ({
      id: file.id,
      original_name: file.original_name,
      content_type: file.content_type,
      size: file.size,
      pages: file.pages,
    })),
    dismissed_reason: reason === null ? null : importDismissReasons.coded(reason),
    other_dismissed_reason: row.other_dismissed_reason,
  };
}
