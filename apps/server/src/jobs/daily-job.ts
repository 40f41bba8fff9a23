import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database } from '../db/database.ts';
import { jobs } from '../db/schema/jobs.ts';
import { queueJob } from './job-runner.ts';

/** When a daily job runs: its kind on the job runner and the hour of the day in Sydney, 0 to 23. */
export type DailySchedule = { kind: string; hour: number };

/** What a run did, for the log: counts, by name, possibly grouped (`{ sent: { expiry: 2 } }`). */
export type DailyJobCounts = { [name: string]: number | DailyJobCounts };

export type DailyJob = DailySchedule & {
  /** The day's work. It answers counts for the log line: numbers only, so no patient data reaches the log. */
  run: () => Promise<DailyJobCounts>;
  /** The log line after each run, beside the counts: 'referral reminders sent'. */
  done: string;
  /** The job as the log names it when it cannot be queued yet: 'the daily reminders'. */
  describe: string;
  /** The wait before queueing is tried again when the database is away at start; tests shorten it. */
  retryMs?: number;
};

/**
 * The next `hour` o'clock in Sydney (the product's clinics are Australian): today's when it is still ahead,
 * else tomorrow's, with daylight saving as PostgreSQL's time zone data has it.
 */
function nextSydneyHour(hour: number) {
  const sydneyNow = sql`(now() at time zone 'Australia/Sydney')`;
  return sql<string>`(date_trunc('day', ${sydneyNow})
    + case when ${sydneyNow}::time < make_time(${hour}::int, 0, 0)
        then make_interval(hours => ${hour}::int)
        else make_interval(days => 1, hours => ${hour}::int) end) at time zone 'Australia/Sydney'`;
}

function checkHour(hour: number): void {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new RangeError(`a daily job's hour is 0 to 23, not ${hour}`);
}

/**
 * Queues the next run of a daily job unless one is waiting (besides `except`, the run under way). Every
 * server process schedules at start, so the look and the insert run under a transaction-scoped advisory
 * lock on the kind: a second process waits, then sees the first one's job, and one run a day is queued
 * whatever the number of processes. The job runner then hands that job to one of them.
 */
export async function queueNextDailyRun(
  db: Database,
  { kind, hour }: DailySchedule,
  except?: string,
): Promise<void> {
  checkHour(hour);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}))`);
    const pending = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), isNull(jobs.finished_at), except ? ne(jobs.id, except) : sql`true`))
      .limit(1);
    if (pending.length > 0) return;
    const [next] = await queryRows<{ at: string }>(tx, sql`select ${nextSydneyHour(hour)} as at`);
    await queueJob(tx, kind, {}, { runAfter: new Date(next?.at ?? Date.now()) });
  });
}

/**
 * A job that runs once a day at `hour` o'clock Sydney time on the durable job runner, each run queueing
 * the next. The first is queued once the app is ready; the database may be away then (the app still starts
 * and answers 503), so the queueing is tried again each minute until it has happened, and no longer once
 * the app closes.
 */
export function registerDailyJob(app: FastifyInstance, job: DailyJob): void {
  checkHour(job.hour);
  const db = app.database.db;
  const schedule: DailySchedule = { kind: job.kind, hour: job.hour };
  app.jobs.handle(job.kind, {
    run: async (claimed) => {
      const counts = await job.run();
      app.log.info({ ...counts, jobId: claimed.id }, job.done);
      await queueNextDailyRun(db, schedule, claimed.id);
    },
  });
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const queueFirst = () => {
    retry = undefined;
    queueNextDailyRun(db, schedule).catch((error: unknown) => {
      if (closed) return;
      app.log.warn({ err: error }, `${job.describe} could not be queued yet; trying again in a minute`);
      retry = setTimeout(queueFirst, job.retryMs ?? 60_000);
      retry.unref();
    });
  };
  app.addHook('onReady', (done) => {
    queueFirst();
    done();
  });
  app.addHook('preClose', (done) => {
    closed = true;
    clearTimeout(retry);
    done();
  });
}
