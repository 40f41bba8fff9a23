import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { establishments } from './establishments.ts';
import { users } from './people.ts';

/**
 * A notification for one person (spec section 3 Notification): each referral transition notifies the other
 * side (referral-lifecycle.md). `subject_details` carries what the list shows without reading the subject.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The establishment the notification is about, for within_establishment. */
    establishment_id: uuid('establishment_id').references(() => establishments.id),
    scope: text('scope').notNull(),
    action: text('action').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    subject_id: uuid('subject_id'),
    subject_details: jsonb('subject_details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    viewed_at: timestamp('viewed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.created_at.desc(), t.id),
    index('notifications_unseen_idx')
      .on(t.user_id)
      .where(sql`${t.viewed_at} is null`),
  ],
);
