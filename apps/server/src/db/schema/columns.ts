import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every mutable entity carries: an opaque id, timestamps and the optimistic-lock version. */
export const entityColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
};
