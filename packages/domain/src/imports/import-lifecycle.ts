import type { ImportActivityAction, ImportItemStatus } from './import-codes.ts';

/**
 * The import item's lifecycle as data, like the referral's and the report's: the server checks this table
 * inside the change's transaction and the queue screen offers the same actions, so the two cannot drift.
 * An item arrives `new`; staff assign it, dismiss it (and restore it), or convert it into a MANUAL referral,
 * after which it is done.
 */
export type ImportItemTransition = {
  readonly from: readonly ImportItemStatus[];
  /** The status afterwards; 'same' when the action changes something else (assignee, unread). */
  readonly to: ImportItemStatus | 'same';
  /** The activity row it writes; null when it writes none (marking unread). */
  readonly activity: ImportActivityAction | null;
};

export const IMPORT_ITEM_ACTIONS = {
  assign: { from: ['new'], to: 'same', activity: 'assigned' },
  dismiss: { from: ['new'], to: 'dismissed', activity: 'dismissed' },
  restore: { from: ['dismissed'], to: 'new', activity: 'restored' },
  convert: { from: ['new'], to: 'converted', activity: 'converted' },
  // Written the first time anyone marks the item read only (the web screen marks an unread item read when
  // it opens it): reading it again, even after it was marked unread, writes none.
  read: { from: ['new', 'dismissed', 'converted'], to: 'same', activity: 'opened' },
  unread: { from: ['new', 'dismissed', 'converted'], to: 'same', activity: null },
} as const satisfies Record<string, ImportItemTransition>;

export type ImportItemAction = keyof typeof IMPORT_ITEM_ACTIONS;
export const IMPORT_ITEM_ACTION_NAMES = Object.keys(IMPORT_ITEM_ACTIONS) as ImportItemAction[];

/** The status after the action, or null when the table does not allow it from `status`. */
export function importStatusAfter(
  action: ImportItemAction,
  status: ImportItemStatus,
): ImportItemStatus | null {
  const rule: ImportItemTransition = IMPORT_ITEM_ACTIONS[action];
  if (!rule.from.includes(status)) return null;
  return rule.to === 'same' ? status : rule.to;
}

/** The actions the queue offers on an item in this status. */
export function allowedImportActions(status: ImportItemStatus): ImportItemAction[] {
  return IMPORT_ITEM_ACTION_NAMES.filter((action) => importStatusAfter(action, status) !== null);
}

/** The refusal (409) when an action does not apply to the item's status. */
export const IMPORT_ACTION_NOT_ALLOWED = {
  new: 'This item is already in the queue.',
  dismissed: 'This item was dismissed. Put it back in the queue first.',
  converted: 'This item is already a referral.',
} as const satisfies Record<ImportItemStatus, string>;
