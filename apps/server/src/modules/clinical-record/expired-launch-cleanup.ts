import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { registerDailyJob } from '../../jobs/daily-job.ts';

export const LAUNCH_CLEANUP_JOB = 'clinical-record.launch-cleanup';

/**
 * Forgets what expired launches hold: a launch never finished goes, and a finished one keeps only which
 * patient and person it was (the exported letter names them) without the record system's tokens, so
 * nothing that opens a patient's record outlives the day the launch had. Answers the counts, for the log.
 */
export async function forgetExpiredLaunches(
  db: Database,
  now = new Date(),
): Promise<{ unfinished: number; tokens: number }> {
  return db.transaction(async (tx) => {
    const unfinished = await tx
      .delete(clinicalRecordLaunches)
      .where(and(eq(clinicalRecordLaunches.status, 'started'), lt(clinicalRecordLaunches.expires_at, now)))
      .returning({ id: clinicalRecordLaunches.id });
    const tokens = await tx
      .update(clinicalRecordLaunches)
      .set({ access_token: null, refresh_token: null, token_expires_at: null })
      .where(and(isNotNull(clinicalRecordLaunches.access_token), lt(clinicalRecordLaunches.expires_at, now)))
      .returning({ id: clinicalRecordLaunches.id });
    return { unfinished: unfinished.length, tokens: tokens.length };
  });
}

/** Daily at 4 am Sydney time (jobs/daily-job.ts), beside the portal drafts' cleanup. */
export function registerLaunchCleanupJob(app: FastifyInstance): void {
  registerDailyJob(app, {
    kind: LAUNCH_CLEANUP_JOB,
    hour: 4,
    run: () => forgetExpiredLaunches(app.database.db),
    done: 'expired clinical record launches forgotten',
    describe: 'the clinical record launch cleanup',
  });
}
