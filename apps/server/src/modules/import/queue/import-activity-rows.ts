import type { ImportActivityAction } from '@referrals/domain/imports/import-codes';
import type { Queryable } from '../../../db/database.ts';
import { importActivity } from '../../../db/schema/imports.ts';
import type { ImportItemRow } from './import-item-queries.ts';

/**
 * Writes one row of the item's activity (`import/activity/`) through `q`, the change's own transaction, so
 * the row exists exactly when the change does. `actorId` is null only for what the intake did itself.
 */
export async function recordImportActivity(
  q: Queryable,
  options: {
    item: Pick<ImportItemRow, 'id' | 'establishment_id'>;
    action: ImportActivityAction;
    actorId: string | null;
    detail?: Record<string, string>;
  },
): Promise<void> {
  await q.insert(importActivity).values({
    item_id: options.item.id,
    establishment_id: options.item.establishment_id,
    action: options.action,
    actor_id: options.actorId,
    detail: options.detail ?? {},
  });
}
