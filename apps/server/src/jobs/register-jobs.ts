import type { FastifyInstance } from 'fastify';
import {
  giveUpRecordFiling,
  RECORD_FILING_JOB,
  runRecordFiling,
} from '../modules/clinical-record/file-referral-to-record.ts';
import { EMR_UPLOAD_JOB } from '../modules/referrals/actions/upload-referral-to-emr.ts';
import { createJobRunner, type JobRunner, type JobRunnerSettings } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * The job runner of this process: modules register their kinds of job on `app.jobs` as the app is built;
 * the worker starts when the app is ready and stops before it closes. Jobs still queued then wait for the
 * next start, or for another process, since every process runs a worker on the same table.
 */
export function registerJobs(
  app: FastifyInstance,
  settings: Partial<JobRunnerSettings> | undefined,
  onFailure: (kind: string, givenUp: boolean) => void,
): void {
  const runner = createJobRunner({ db: app.database.db, log: app.log, settings, onFailure });
  app.decorate('jobs', runner);
  // No EMR integration exists yet (spec section 7 names the call, not the system behind it): the upload
  // job only records that it ran, so the queue, retries and the 202 contract are real and the integration
  // can replace this body without touching the route.
  runner.handle(EMR_UPLOAD_JOB, {
    run: (job) => {
      app.log.info({ jobId: job.id, referralId: job.payload.referral_id }, 'EMR upload ran (no EMR yet)');
      return Promise.resolve();
    },
  });
  runner.handle(RECORD_FILING_JOB, {
    run: (job) => runRecordFiling(app.database.db, app.config, job),
    giveUp: (job) => giveUpRecordFiling(app.database.db, job),
  });
  app.addHook('onReady', (done) => {
    runner.start();
    done();
  });
  // preClose, before the database and the mail transport close in onClose hooks: no job is claimed from
  // here on, and the one in hand finishes or gives its lease back (job-runner.ts). The app has stopped
  // listening by then (http/graceful-close.ts), so this wait keeps no connection waiting.
  app.addHook('preClose', () => runner.stop());
}
