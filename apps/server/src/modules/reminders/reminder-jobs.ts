import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Queryable } from '../../db/database.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { queueJob } from '../../jobs/job-runner.ts';
import { sendReferralReminders } from './send-referral-reminders.ts';

export const REMINDERS_JOB = 'reminders.daily';

/**
 * The next 7 am in Sydney (the spec's dates are Australian): today's when it is still ahead, else
 * tomorrow's, with daylight saving as PostgreSQL's time zone data has it.
 */
const NEXT_SEVEN_AM = sql<string>`(select (date_trunc('day', now() at time zone 'Australia/Sydney')
    + case when (now() at time zone 'Australia/Sydney')::time < time '07:00'
        then interval '7 hours' else interval '1 day 7 hours' end) at time zone 'Australia/Sydney')`;

/** Queues the next sweep unless one is already waiting (besides `except`, the sweep under way). */
async function scheduleNextSweep(q: Queryable, except?: string): Promise<void> {
  const pending = await q
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.kind, REMINDERS_JOB), isNull(jobs.finished_at), except ? ne(jobs.id, except) : sql`true`),
    )
    .limit(1);
  if (pending.length > 0) return;
  const [next] = await queryRows<{ at: string }>(q, sql`select ${NEXT_SEVEN_AM} as at`);
  await queueJob(q, REMINDERS_JOB, {}, { runAfter: new Date(next?.at ?? Date.now()) });
}

/**
 * The daily reminders on the durable job runner: one sweep a day at 7 am Sydney time, each sweep queueing
 * the next. Two processes may both queue one; each reminder still goes once (send-referral-reminders.ts).
 */
export function registerReminderJobs(app: FastifyInstance): void {
  const db = app.database.db;
  app.jobs.handle(REMINDERS_JOB, {
    run: async (job) => {
      const sent = await sendReferralReminders(db);
      app.log.info({ jobId: job.id, sent }, 'referral reminders sent');
      await scheduleNextSweep(db, job.id);
    },
  });
  // Queued once the app is ready. The database may be away then (the app still starts and answers 503):
  // the queueing is tried again each minute until it has happened.
  let retry: NodeJS.Timeout | undefined;
  const schedule = () => {
    retry = undefined;
    scheduleNextSweep(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the daily reminders could not be queued yet; trying again in a minute');
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
