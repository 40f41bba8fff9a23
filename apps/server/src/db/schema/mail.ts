import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Mail waiting to be delivered. A route writes its message here in its own transaction, so mail is sent
 * only for work that was saved, survives a restart, and leaves the request as fast for an unknown address
 * as for a known one; a worker delivers it and retries failures.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    send_after: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outgoing_mail_due_idx')
      .on(t.send_after)
      .where(sql`${t.sent_at} is null`),
  ],
);
