import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { caseConferenceWarningAt } from '@referrals/domain/case-conferences/case-conference-lifecycle';
import type { Database, Queryable, Transaction } from '../../db/database.ts';
import { caseConferences } from '../../db/schema/case-conferences.ts';
import { referrals } from '../../db/schema/referrals.ts';
import { queueJob } from '../../jobs/job-runner.ts';
import type { ConferenceRow } from './case-conference-access.ts';
import { writeCaseConferenceEvent } from './case-conference-events.ts';
import { notifyCaseConference } from './case-conference-notifications.ts';

/** The job runner's kind for a conference's warning and end. */
export const CASE_CONFERENCE_DEADLINE_JOB = 'case-conference-deadline';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Queues the two runs a new conference needs, in the transaction that creates it: one when its
 * one_day_warning is due and one at its end. Each run does whatever is due by then for every conference
 * (runCaseConferenceDeadlines), so a run that comes late or twice does no harm.
 */
export async function queueCaseConferenceDeadlines(tx: Queryable, conference: ConferenceRow): Promise<void> {
  for (const due of [caseConferenceWarningAt(conference.ends_at), conference.ends_at]) {
    await queueJob(tx, CASE_CONFERENCE_DEADLINE_JOB, { due: due.toISOString() }, { runAfter: due });
  }
}

/** Writes the event of each conference the update returned and tells its participants, in `tx`. */
async function announce(
  tx: Transaction,
  rows: ConferenceRow[],
  kind: 'one_day_warning' | 'closed',
  now: Date,
) {
  if (rows.length === 0) return;
  const referralRows = await tx
    .select()
    .from(referrals)
    .where(
      inArray(
        referrals.id,
        rows.map((row) => row.referral_id),
      ),
    );
  const byId = new Map(referralRows.map((row) => [row.id, row]));
  for (const conference of rows) {
    const referral = byId.get(conference.referral_id);
    if (!referral) continue;
    await writeCaseConferenceEvent(tx, { conferenceId: conference.id, kind, authorId: null, now });
    await notifyCaseConference(tx, { conference, referral, kind, actorId: null });
  }
}

/**
 * The 14-day deadlines at `now` (section 9; docs/case-conferences.md The job): the one_day_warning event of
 * every active conference within a day of its end and not yet warned, then the close of every active
 * conference past its end. Each is a conditional UPDATE ... RETURNING: a second runner at the same time
 * waits on the first one's row locks and then finds warned_at set or the status closed, so each warning
 * and each close happens exactly once however many processes run the job. A conference already past its
 * end when the job comes is closed without a warning. Answers counts for the log (no patient data).
 */
export async function runCaseConferenceDeadlines(
  db: Database,
  options: { now: Date },
): Promise<{ warned: number; closed: number }> {
  const { now } = options;
  const warned = await db.transaction(async (tx) => {
    const rows = await tx
      .update(caseConferences)
      .set({ warned_at: now, updated_at: now })
      .where(
        and(
          eq(caseConferences.status, 'active'),
          isNull(caseConferences.warned_at),
          lte(caseConferences.ends_at, new Date(now.getTime() + DAY_MS)),
          gt(caseConferences.ends_at, now),
        ),
      )
      .returning();
    await announce(tx, rows, 'one_day_warning', now);
    return rows.length;
  });
  const closed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(caseConferences)
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where(and(eq(caseConferences.status, 'active'), lte(caseConferences.ends_at, now)))
      .returning();
    await announce(tx, rows, 'closed', now);
    return rows.length;
  });
  return { warned, closed };
}

/**
 * Runs the deadlines on the job runner. A run is queued for an instant (its payload's `due`); the database's
 * clock decided it was due, so the run treats `due` as reached even if this process's clock is a little
 * behind, or the conference would wait for the next run.
 */
export function registerCaseConferenceJobs(app: FastifyInstance): void {
  const db = app.database.db;
  app.jobs.handle(CASE_CONFERENCE_DEADLINE_JOB, {
    run: async (job) => {
      const due = typeof job.payload.due === 'string' ? Date.parse(job.payload.due) : Number.NaN;
      const now = new Date(Number.isNaN(due) ? Date.now() : Math.max(Date.now(), due));
      const counts = await runCaseConferenceDeadlines(db, { now });
      app.log.info({ ...counts, jobId: job.id }, 'case conference deadlines run');
    },
  });
}
