import { and, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IMPORT_BODY_RETENTION_DAYS } from '@referrals/domain/imports/import-codes';
import { queryRows, type Database, type Queryable } from '../../../db/database.ts';
import { importItems } from '../../../db/schema/imports.ts';
import { jobs } from '../../../db/schema/jobs.ts';
import { queueJob } from '../../../jobs/job-runner.ts';

export const BODY_RETENTION_JOB = 'import.body-retention';

/** The next 3 am in Sydney, a quiet hour for the clinics the product serves, as the reminders reckon it. */
const NEXT_THREE_AM = sql<string>`(select (date_trunc('day', now() at time zone 'Australia/Sydney')
    + case when (now() at time zone 'Australia/Sydney')::time < time '03:00'
        then interval '3 hours' else interval '1 day 3 hours' end) at time zone 'Australia/Sydney')`;

/**
 * Clears the text of import items received more than IMPORT_BODY_RETENTION_DAYS ago; the rest of the item
 * stays (docs/import-queue.md). The partial index import_items_body_retention_idx holds only items that
 * still have text, so the sweep reads no more than it clears. Answers how many it cleared.
 */
export async function clearExpiredBodyText(q: Queryable, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORT_BODY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const cleared = await q
    .update(importItems)
    .set({ body_text: null })
    .where(and(isNotNull(importItems.body_text), lt(importItems.received_at, cutoff)))
    .returning({ id: importItems.id });
  return cleared.length;
}

/**
 * Queues the next sweep unless one is waiting (besides `except`, the sweep under way). Every server process
 * schedules at start, so the look and the insert run under a transaction-scoped advisory lock: a second
 * process waits, then sees the first one's job, and one sweep a day is queued whatever the number of
 * processes. The job runner then hands that job to one of them.
 */
export async function scheduleNextBodyRetention(db: Database, except?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${BODY_RETENTION_JOB}))`);
    const pending = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, BODY_RETENTION_JOB),
          isNull(jobs.finished_at),
          except ? ne(jobs.id, except) : sql`true`,
        ),
      )
      .limit(1);
    if (pending.length > 0) return;
    const [next] = await queryRows<{ at: string }>(tx, sql`select ${NEXT_THREE_AM} as at`);
    await queueJob(tx, BODY_RETENTION_JOB, {}, { runAfter: new Date(next?.at ?? Date.now()) });
  });
}

/**
 * The daily sweep of message text on the durable job runner, each sweep queueing the next, as the daily
 * reminders do (reminder-jobs.ts). It runs whether or not this process takes inbound mail: another may.
 */
export function registerBodyRetentionJob(app: FastifyInstance): void {
  const db = app.database.db;
  app.jobs.handle(BODY_RETENTION_JOB, {
    run: async (job) => {
      const cleared = await clearExpiredBodyText(db);
      app.log.info({ jobId: job.id, cleared }, 'import message text past its retention cleared');
      await scheduleNextBodyRetention(db, job.id);
    },
  });
  // The database may be away at start (the app still starts and answers 503): tried again each minute.
  let retry: NodeJS.Timeout | undefined;
  const schedule = () => {
    retry = undefined;
    scheduleNextBodyRetention(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the import text sweep could not be queued yet; trying again in a minute');
      retry = setTimeout(schedule, 60_000);
      retry.unref();
    });
  };
  app.addHook('onReady', (done) => {
    schedule();
    done();
  });
  app.addHook('preClose', (done) => {
    clearTimeout(retry);
    done();
  });
}
