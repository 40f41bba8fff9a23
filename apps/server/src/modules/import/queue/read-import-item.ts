import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import type { Database } from '../../../db/database.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { ImportCall } from './import-call.ts';
import { findVisibleImportItem, importItemDetail } from './import-item-queries.ts';

/**
 * GET import/email/{id}/: one item with its files, as it is. A GET changes nothing (api-conventions.md):
 * marking the item read, and recording its first opening, is PATCH import/{kind}/{id}/ with action read
 * (update-import-item.ts). Every read is audited, in the read's own transaction.
 */
export async function getImportItem(db: Database, call: ImportCall): Promise<ImportItem> {
  return db.transaction(async (tx) => {
    const item = await findVisibleImportItem(tx, call);
    await recordAudit(tx, call.actor, {
      action: 'import.read',
      resourceType: 'import_item',
      resourceId: item.id,
    });
    return importItemDetail(tx, item);
  });
}
