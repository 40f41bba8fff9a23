import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail the app sends. A route writes its message here in its own transaction, with the job that delivers
 * it (modules/mail/mail-delivery.ts), so mail is sent only for work that was saved, survives a restart, and
 * leaves the request as fast for an unknown address as for a known one; the job runner retries failures.
 */
export const outgoingMail = pgTable('outgoing_mail', {
  id: uuid('id').primaryKey().defaultRandom(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text_body: text('text_body').notNull(),
  html_body: text('html_body').notNull(),
  sent_at: timestamp('sent_at', { withTimezone: true }),
});
