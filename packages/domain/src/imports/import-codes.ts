import { defineCodeList } from '../codes.ts';

/**
 * The import queue's codes (spec section 7 Import; docs/import-queue.md). An import item is one email or
 * fax that reached an establishment's intake address; a fax is a fax service's fax-to-email, told apart by
 * its TIFF attachment. An hl7 item is an HL7 v2 REF^I12 referral message, received over MLLP or uploaded
 * (docs/interop.md).
 */
export const IMPORT_KINDS = { email: 'Email', fax: 'Fax', hl7: 'HL7 message' } as const;
export const importKinds = defineCodeList(IMPORT_KINDS);
export const ImportKindSchema = importKinds.schema;
export type ImportKind = (typeof importKinds.codes)[number];

export const IMPORT_ITEM_STATUSES = {
  new: 'New',
  dismissed: 'Dismissed',
  converted: 'Converted to a referral',
} as const;
export const importItemStatuses = defineCodeList(IMPORT_ITEM_STATUSES);
export const ImportItemStatusSchema = importItemStatuses.schema;
export type ImportItemStatus = (typeof importItemStatuses.codes)[number];

/** Why an item leaves the queue without becoming a referral. */
export const IMPORT_DISMISS_REASONS = {
  duplicate: 'Already received',
  not_a_referral: 'Not a referral',
  wrong_recipient: 'Meant for someone else',
  unreadable: 'Unreadable',
  other: 'Other',
} as const;
export const importDismissReasons = defineCodeList(IMPORT_DISMISS_REASONS);
export const ImportDismissReasonSchema = importDismissReasons.schema;
export type ImportDismissReason = (typeof importDismissReasons.codes)[number];

/** What the activity list records of an item, in the words it shows them. */
export const IMPORT_ACTIVITY_ACTIONS = {
  received: 'Received',
  opened: 'Opened',
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  dismissed: 'Dismissed',
  restored: 'Put back in the queue',
  converted: 'Converted to a referral',
} as const;
export const importActivityActions = defineCodeList(IMPORT_ACTIVITY_ACTIONS);
export const ImportActivityActionSchema = importActivityActions.schema;
export type ImportActivityAction = (typeof importActivityActions.codes)[number];

/**
 * What the intake keeps of a message besides its attachments (sender, subject, received time) stays with
 * the item; the message's text is kept this many days for reading in the queue and then cleared.
 */
export const IMPORT_BODY_RETENTION_DAYS = 30;

/** The largest message the intake takes (SMTP SIZE), attachments and encoding included. */
export const IMPORT_MESSAGE_MAX_BYTES = 25 * 1024 * 1024;

/** The most attachments one message may bring into the queue. */
export const IMPORT_MAX_FILES = 20;
