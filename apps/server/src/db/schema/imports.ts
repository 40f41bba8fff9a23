import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportMessageDetails } from '@referrals/domain/imports/import-schemas';
import { entityColumns } from './columns.ts';
import { establishments } from './establishments.ts';
import { users } from './people.ts';
import { referrals } from './referrals.ts';

/**
 * One email or fax that reached an establishment's intake address, or one HL7 v2 referral message
 * (docs/import-queue.md, docs/interop.md). Only what the queue shows is kept: the sender, the From name,
 * the subject, when it came, the text for IMPORT_BODY_RETENTION_DAYS, the attachments (import_item_files)
 * and what a structured message said of the referral; never the raw message.
 */
export const importItems = pgTable(
  'import_items',
  {
    ...entityColumns,
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    /** email, fax when a fax service's fax-to-email brought a TIFF, or hl7. */
    kind: text('kind').notNull(),
    /**
     * A mail's Message-ID header (or a digest of the message when it has none), an HL7 message's sender and
     * control id (MSH-3, MSH-4, MSH-10): a message is taken once.
     */
    message_id: text('message_id').notNull(),
    sender: text('sender').notNull(),
    sender_name: text('sender_name'),
    subject: text('subject').notNull().default(''),
    body_text: text('body_text'),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** new, dismissed or converted (import-lifecycle.ts). */
    status: text('status').notNull().default('new'),
    /** No one at the establishment has opened it yet. */
    unread: boolean('unread').notNull().default(true),
    assignee_id: uuid('assignee_id').references(() => users.id),
    dismissed_reason: text('dismissed_reason'),
    other_dismissed_reason: text('other_dismissed_reason'),
    referral_id: uuid('referral_id').references(() => referrals.id),
    /** The patient, referrer and reference an HL7 message gave; null for an email or a fax. */
    message_details: jsonb('message_details').$type<ImportMessageDetails>(),
  },
  (t) => [
    // Per kind, so no mail's Message-ID, which its sender chooses, can take the place of an HL7 message's.
    uniqueIndex('import_items_message_key').on(t.establishment_id, t.kind, t.message_id),
    // The queue's pages: an establishment's items of a status, newest first.
    index('import_items_queue_idx').on(t.establishment_id, t.status, t.received_at.desc(), t.id),
    // The navigation's count of unopened new items.
    index('import_items_unread_idx')
      .on(t.establishment_id)
      .where(sql`${t.unread} and ${t.status} = 'new'`),
    // Clearing message text past its retention walks only the items that still have some.
    index('import_items_body_retention_idx')
      .on(t.received_at)
      .where(sql`${t.body_text} is not null`),
  ],
);

/** An attachment of an import item, stored through files/ like a referral attachment. */
export const importItemFiles = pgTable(
  'import_item_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    item_id: uuid('item_id')
      .notNull()
      .references(() => importItems.id, { onDelete: 'cascade' }),
    /** Stored file name (modules/files: DATA_DIR/uploads or the bucket); null once moved to the referral it became. */
    file: text('file'),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** A TIFF's frames; 1 for anything else. */
    pages: integer('pages').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('import_item_files_item_idx').on(t.item_id, t.position)],
);

/** Who did what to an import item (`import/activity/`); the audit log proves it, this shows it. */
export const importActivity = pgTable(
  'import_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    item_id: uuid('item_id')
      .notNull()
      .references(() => importItems.id, { onDelete: 'cascade' }),
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    action: text('action').notNull(),
    /** Null for the intake itself (received). */
    actor_id: uuid('actor_id').references(() => users.id),
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_activity_item_idx').on(t.item_id, t.occurred_at.desc()),
    index('import_activity_establishment_idx').on(t.establishment_id, t.occurred_at.desc(), t.id),
  ],
);
