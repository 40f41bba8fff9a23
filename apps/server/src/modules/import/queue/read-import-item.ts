import { and, eq } from 'drizzle-orm';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import type { Database } from '../../../db/database.ts';
import { importActivity, importItems } from '../../../db/schema/imports.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { recordImportActivity } from './import-activity-rows.ts';
import type { ImportCall } from './import-call.ts';
import { findVisibleImportItem, importItemDetail } from './import-item-queries.ts';

/**
 * GET import/email/{id}/: one item with its files. Opening it marks it read for the establishment, and the
 * first opening ever is recorded in its activity ('opened'); every read is audited. The item is locked
 * while this runs, so two people opening it at once record one first opening.
 */
export async function getImportItem(db: Database, call: ImportCall): Promise<ImportItem> {
  return db.transaction(async (tx) => {
    let item = await findVisibleImportItem(tx, call, { lock: true });
    if (item.unread) {
      const [updated] = await tx
        .update(importItems)
        .set({ unread: false })
        .where(eq(importItems.id, item.id))
        .returning();
      item = updated ?? item;
    }
    // Opened before is an activity row, not the unread flag: marking an item unread again does not make
    // the next opening its first.
    const [openedBefore] = await tx
      .select({ id: importActivity.id })
      .from(importActivity)
      .where(and(eq(importActivity.item_id, item.id), eq(importActivity.action, 'opened')))
      .limit(1);
    if (!openedBefore) {
      await recordImportActivity(tx, { item, action: 'opened', actorId: call.caller.userId });
    }
    await recordAudit(tx, call.actor, {
      action: 'import.read',
      resourceType: 'import_item',
      resourceId: item.id,
    });
    return importItemDetail(tx, item);
  });
}
