import { and, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IMPORT_BODY_RETENTION_DAYS } from '@referrals/domain/imports/import-codes';
import type { Database, Queryable } from '../../../db/database.ts';
import { importItems } from '../../../db/schema/imports.ts';
import { queueNextDailyRun, registerDailyJob } from '../../../jobs/daily-job.ts';

export const BODY_RETENTION_JOB = 'import.body-retention';

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

/** At 3 am Sydney time, a quiet hour for the clinics the product serves. */
const SCHEDULE = { kind: BODY_RETENTION_JOB, hour: 3 };

/**
 * Queues the next sweep unless one is waiting (besides `except`, the sweep under way), under an advisory
 * lock: one sweep a day is queued whatever the number of processes (jobs/daily-job.ts).
 */
export function scheduleNextBodyRetention(db: Database, except?: string): Promise<void> {
  return queueNextDailyRun(db, SCHEDULE, except);
}

/**
 * The daily sweep of message text on the durable job runner, each sweep queueing the next, as the daily
 * reminders do (reminder-jobs.ts). It runs whether or not this process takes inbound mail: another may.
 */
export function registerBodyRetentionJob(app: FastifyInstance): void {
  registerDailyJob(app, {
    ...SCHEDULE,
    run: async () => ({ cleared: await clearExpiredBodyText(app.database.db) }),
    done: 'import message text past its retention cleared',
    describe: 'the import text sweep',
  });
}
