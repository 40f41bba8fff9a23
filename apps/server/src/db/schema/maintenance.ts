import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.ts';

/**
 * The platform administrators' maintenance switch (modules/maintenance/): one row, or none before anyone
 * switched, which reads as off. It lives here rather than in a process's memory so that every server
 * process obeys it; a trigger (migration 0038) announces each change on the caller_changes channel, and
 * each process reads it again only then.
 */
export const maintenanceSwitch = pgTable(
  'maintenance_switch',
  {
    /** Always true: the table holds at most one row. */
    id: boolean('id').primaryKey().default(true),
    switched_on: boolean('switched_on').notNull().default(false),
    /** Shown on the maintenance page; cleared when the switch goes off. */
    message: text('message'),
    expected_end: timestamp('expected_end', { withTimezone: true }),
    switched_at: timestamp('switched_at', { withTimezone: true }).notNull().defaultNow(),
    switched_by: uuid('switched_by').references(() => users.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('maintenance_switch_one_row', sql`${t.id}`)],
);
