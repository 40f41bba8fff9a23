import { and, eq, sql } from 'drizzle-orm';
import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { importDismissReasons, type ImportActivityAction } from '@referrals/domain/imports/import-codes';
import { IMPORT_ITEM_ACTIONS } from '@referrals/domain/imports/import-lifecycle';
import type { ImportItem, ImportItemUpdate } from '@referrals/domain/imports/import-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { importActivity, importItems } from '../../../db/schema/imports.ts';
import { users } from '../../../db/schema/people.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { personRef } from '../../referrals/referral-refs.ts';
import { checkImportAction } from './check-import-action.ts';
import { recordImportActivity } from './import-activity-rows.ts';
import type { ImportCall } from './import-call.ts';
import {
  assigneeColumns,
  findVisibleImportItem,
  importItemDetail,
  type ImportItemRow,
} from './import-item-queries.ts';
import { queueColleague } from './import-assignee.ts';

type ItemChanges = Partial<typeof importItems.$inferInsert>;

/**
 * What one action changes on the item, the activity row it writes (none for unread, nor for read after the
 * first time) and what the audit row adds: codes and ids, never the free text of a reason, which may name a
 * patient.
 */
type ActionEffect = {
  changes: ItemChanges;
  activity: ImportActivityAction | null;
  detail: Record<string, string>;
  audit?: Record<string, string | null>;
};

/** The name the audit log gives each action: marking read is not a read of the item ('import.read'). */
const AUDIT_ACTIONS = {
  assign: 'import.assign',
  dismiss: 'import.dismiss',
  restore: 'import.restore',
  read: 'import.mark-read',
  unread: 'import.mark-unread',
} as const satisfies Record<ImportItemUpdate['action'], string>;

/**
 * Whether anyone marked the item read before. That is an activity row, not the unread flag: marking an item
 * unread again does not make the next reading its first. Asked on the locked item, so of two people marking
 * it read at once the second sees the first's row.
 */
async function openedBefore(tx: Transaction, item: ImportItemRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: importActivity.id })
    .from(importActivity)
    .where(and(eq(importActivity.item_id, item.id), eq(importActivity.action, 'opened')))
    .limit(1);
  return row !== undefined;
}

/** The name of the item's assignee before the change, for the activity of unassigning. */
async function assigneeName(tx: Transaction, item: ImportItemRow): Promise<string | null> {
  if (item.assignee_id === null) return null;
  const [row] = await tx.select(assigneeColumns).from(users).where(eq(users.id, item.assignee_id));
  return personRef(row ?? null)?.name ?? null;
}

async function effectOf(
  tx: Transaction,
  call: ImportCall,
  item: ImportItemRow,
  body: ImportItemUpdate,
): Promise<ActionEffect> {
  const activity = IMPORT_ITEM_ACTIONS[body.action].activity;
  switch (body.action) {
    case 'assign': {
      if (body.assignee === null) {
        const before = await assigneeName(tx, item);
        return {
          changes: { assignee_id: null },
          activity: 'unassigned',
          detail: before === null ? {} : { assignee: before },
          audit: { assignee_id: null },
        };
      }
      const colleague = await queueColleague(tx, {
        establishmentId: item.establishment_id,
        userId: body.assignee,
        flags: call.caller.access.flags,
      });
      return {
        changes: { assignee_id: colleague.id },
        activity,
        detail: { assignee: colleague.name, assignee_id: colleague.id },
        audit: { assignee_id: colleague.id },
      };
    }
    case 'dismiss': {
      const other = body.dismissed_reason === 'other' ? (body.other_dismissed_reason ?? null) : null;
      const detail: Record<string, string> = {
        dismissed_reason: importDismissReasons.display(body.dismissed_reason),
      };
      if (other !== null) detail.other_dismissed_reason = other;
      return {
        changes: { dismissed_reason: body.dismissed_reason, other_dismissed_reason: other },
        activity,
        detail,
        audit: { dismissed_reason: body.dismissed_reason },
      };
    }
    case 'restore':
      return { changes: { dismissed_reason: null, other_dismissed_reason: null }, activity, detail: {} };
    case 'read':
      return {
        changes: { unread: false },
        activity: (await openedBefore(tx, item)) ? null : activity,
        detail: {},
      };
    case 'unread':
      return { changes: { unread: true }, activity, detail: {} };
  }
}

/**
 * PATCH import/{kind}/{id}/: one action of the lifecycle table on an item of that kind (another kind is a
 * 404). The table is checked on the locked row (409 when it refuses); the change, its activity row and
 * its audit row are written in one transaction, and the item is answered as it now is. Marking read is how
 * an item is opened (the GET changes nothing): the first time anyone does, it writes the 'opened' activity.
 */
export async function updateImportItem(
  db: Database,
  options: { call: ImportCall; kind: string; body: ImportItemUpdate },
): Promise<ImportItem> {
  const { call, kind, body } = options;
  if (body.action === 'dismiss' && body.dismissed_reason === 'other' && !body.other_dismissed_reason) {
    throw validationFailed({ other_dismissed_reason: [REQUIRED_MESSAGE] });
  }
  return db.transaction(async (tx) => {
    const item = await findVisibleImportItem(tx, { ...call, kind }, { lock: true });
    const status = checkImportAction(body.action, item);
    const effect = await effectOf(tx, call, item, body);
    const [row] = await tx
      .update(importItems)
      .set({ ...effect.changes, status, updated_at: new Date(), version: sql`${importItems.version} + 1` })
      .where(eq(importItems.id, item.id))
      .returning();
    if (!row) throw new Error('import item update returned nothing');
    if (effect.activity !== null) {
      await recordImportActivity(tx, {
        item,
        action: effect.activity,
        actorId: call.caller.userId,
        detail: effect.detail,
      });
    }
    await recordAudit(tx, call.actor, {
      action: AUDIT_ACTIONS[body.action],
      resourceType: 'import_item',
      resourceId: item.id,
      detail: { from: item.status, to: status, ...effect.audit },
    });
    return importItemDetail(tx, row);
  });
}
