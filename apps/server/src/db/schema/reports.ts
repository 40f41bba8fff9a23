import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReportRecipient } from '@referrals/domain/reports/report-schemas';
import { entityColumns } from './columns.ts';
import { establishments } from './establishments.ts';
import { users } from './people.ts';
import { referrals } from './referrals.ts';

/**
 * A clinical report on a referral (spec sections 3 and 4 Reports; docs/reports.md), written by the
 * referral's receiver side and read and reviewed by its sender side. Who may see it is the referral's
 * visibility; the two establishment columns copy the referral's at the time of writing so that the reports
 * inbox and outbox walk an index of their own. Unread is kept per side, like the referral's.
 */
export const reports = pgTable(
  'reports',
  {
    ...entityColumns,
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id),
    status: text('status').notNull().default('DRFT'),
    title: text('title').notNull(),
    report_body: text('report_body').notNull().default(''),
    recipients: jsonb('recipients').$type<ReportRecipient[]>().notNull(),
    track_email_notification: boolean('track_email_notification').notNull().default(false),
    /** Stored file name (modules/files: DATA_DIR/uploads or the bucket) of the signature image. */
    signature_image: text('signature_image'),
    author_id: uuid('author_id').references(() => users.id),
    /** The referral's receiver: the establishment that writes the report (reports outbox). */
    author_establishment_id: uuid('author_establishment_id')
      .notNull()
      .references(() => establishments.id),
    /**
     * The referral's sender: the establishment the report goes back to (reports inbox). Null on a MANUAL
     * referral, whose referrer is outside the product: its report reaches them as its letter.
     */
    recipient_establishment_id: uuid('recipient_establishment_id').references(() => establishments.id),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    viewed_at: timestamp('viewed_at', { withTimezone: true }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    reviewed_by_id: uuid('reviewed_by_id').references(() => users.id),
    /** The recipient side has not opened it since it was submitted (reports inbox unread). */
    recipient_unread: boolean('recipient_unread').notNull().default(false),
    /** The author side has not seen the recipient's latest change (reports outbox unread). */
    author_unread: boolean('author_unread').notNull().default(false),
  },
  (t) => [
    // A reports list reads its box's reports of the asked statuses with their referral (whose visibility
    // decides, list-reports.ts) once for its page and total: with the referral's id in these indexes that
    // is two index-only scans, the referrals' from the side's own index, and a hash join
    // (bench/report-lists.ts).
    index('reports_inbox_idx')
      .on(t.recipient_establishment_id, t.status, t.submitted_at.desc(), t.id, t.referral_id)
      .where(sql`${t.status} <> 'DRFT'`),
    // An inbox read from the reports alone, newest first whatever their status: its page is the index's
    // first entries, and its total an index-only count (list-reports.ts, inboxOnReports).
    index('reports_inbox_order_idx')
      .on(t.recipient_establishment_id, t.submitted_at.desc(), t.id, t.status, t.referral_id)
      .where(sql`${t.status} <> 'DRFT'`),
    index('reports_outbox_idx').on(
      t.author_establishment_id,
      t.status,
      t.submitted_at.desc(),
      t.id,
      t.referral_id,
    ),
    index('reports_referral_idx').on(t.referral_id, t.created_at),
  ],
);

/** A file of a report: the report written elsewhere (upload) or a supporting file (attachment). */
export const reportFiles = pgTable(
  'report_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    report_id: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    original_name: text('original_name').notNull(),
    stored_name: text('stored_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploaded_by_id: uuid('uploaded_by_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_files_report_idx').on(t.report_id, t.kind, t.created_at)],
);

/** A report template of an establishment (section 3: report_body and establishment), picked by name. */
export const reportTemplates = pgTable(
  'report_templates',
  {
    ...entityColumns,
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    name: text('name').notNull(),
    report_body: text('report_body').notNull(),
    created_by_id: uuid('created_by_id').references(() => users.id),
  },
  (t) => [index('report_templates_establishment_idx').on(t.establishment_id, t.name)],
);
