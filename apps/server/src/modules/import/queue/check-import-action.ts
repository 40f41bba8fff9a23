import { importItemStatuses, type ImportItemStatus } from '@referrals/domain/imports/import-codes';
import {
  IMPORT_ACTION_NOT_ALLOWED,
  importStatusAfter,
  type ImportItemAction,
} from '@referrals/domain/imports/import-lifecycle';
import { conflict } from '../../../http/api-errors.ts';
import type { ImportItemRow } from './import-item-queries.ts';

/**
 * The status `action` leads to from the item's (the lifecycle table IMPORT_ITEM_ACTIONS), read on the
 * locked row inside the change's transaction; an action the table refuses is a 409 naming the status, so
 * of two people dismissing one item at once the second is told it already was.
 */
export function checkImportAction(action: ImportItemAction, item: ImportItemRow): ImportItemStatus {
  const current = item.status as ImportItemStatus;
  const to = importStatusAfter(action, current);
  if (to === null) throw conflict(IMPORT_ACTION_NOT_ALLOWED[current], importItemStatuses.coded(current));
  return to;
}
