import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Work done after the request that asked for it (src/jobs/): mail delivery today, reminders, timers and
 * EMR uploads next. A job is written in the transaction of the work it follows, so it exists only if that
 * work was saved, and survives a restart; every server process runs a worker that claims due jobs.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What to do: the name a handler is registered under ('mail.deliver'). */
    kind: text('kind').notNull(),
    /**
     * Ids and options, read by the handler when it runs. The one exception is a text message to a patient
     * (modules/sms/), whose number and text wait here until they are sent or given up, then are cleared.
     */
    payload: jsonb('payload').notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before this; a claimed job's lease, then its next retry, move it on. */
    run_after: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(8),
    last_error: text('last_error'),
    /** done, or given-up after the last failed attempt; null while the job waits or runs. */
    outcome: text('outcome'),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.run_after)
      .where(sql`${t.finished_at} is null`),
  ],
);
