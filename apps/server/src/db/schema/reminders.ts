import { primaryKey, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { referrals } from './referrals.ts';

/**
 * The reminders already sent (REMINDERS in domain): one row per referral, kind and occasion (its expiry, its
 * appointment, its triage category). The daily sweep inserts before it notifies, in one transaction, so a
 * reminder goes once however many server processes sweep at the same time.
 */
export const referralReminders = pgTable(
  'referral_reminders',
  {
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What makes this occasion: the expiry date, the appointment's instant, the triage category. */
    due_key: text('due_key').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.referral_id, t.kind, t.due_key] })],
);
