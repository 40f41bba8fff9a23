import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Queryable } from '../db/database.ts';
import { jobs } from '../db/schema/jobs.ts';

/** How the worker runs jobs; tests shorten the waits. */
export type JobRunnerSettings = {
  /** How often the worker looks for due jobs when nothing woke it. */
  pollMs: number;
  /** Jobs claimed per round. */
  batchSize: number;
  /** The wait after the first failure; each later failure doubles it, up to maxRetryDelayMs. */
  firstRetryDelayMs: number;
  maxRetryDelayMs: number;
  /**
   * How long a claimed job is left alone by other processes. A process that dies mid-job leaves it to be
   * claimed again after this, so a job runs at least once; handlers must tolerate running twice.
   */
  claimLeaseMs: number;
  /**
   * How long `stop` waits for the job in hand before it gives the job's lease back: within the process's
   * own grace after SIGTERM (main.ts), so the job is free for another process before this one is killed.
   */
  stopGraceMs: number;
};

export const DEFAULT_JOB_RUNNER_SETTINGS: JobRunnerSettings = {
  pollMs: 1000,
  batchSize: 10,
  firstRetryDelayMs: 30_000,
  maxRetryDelayMs: 60 * 60_000,
  claimLeaseMs: 5 * 60_000,
  stopGraceMs: 6_000,
};

/** The wait before the next try after `attempts` failed tries: 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(
  attempts: number,
  settings: Pick<JobRunnerSettings, 'firstRetryDelayMs' | 'maxRetryDelayMs'> = DEFAULT_JOB_RUNNER_SETTINGS,
): number {
  return Math.min(settings.maxRetryDelayMs, settings.firstRetryDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** A job as its handler sees it, claimed for this attempt. */
export type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempts: number;
  max_attempts: number;
};

export type JobHandler = {
  /** Does the job; throwing schedules a retry. May run twice for one job (a process died mid-job). */
  run(job: ClaimedJob): Promise<void>;
  /** After the last attempt failed: tidy up what the job would have (the job stays, given up). */
  giveUp?(job: ClaimedJob): Promise<void>;
};

/**
 * Queues a job on `q`: the caller's transaction when it passes one, so the job exists only if the work it
 * follows was saved. A worker runs it after the commit (at its next poll, or at once when woken).
 */
export async function queueJob(
  q: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  options: { runAfter?: Date; maxAttempts?: number } = {},
): Promise<void> {
  await q.insert(jobs).values({
    kind,
    payload,
    ...(options.runAfter ? { run_after: options.runAfter } : {}),
    ...(options.maxAttempts ? { max_attempts: options.maxAttempts } : {}),
  });
}

export type JobRunner = {
  /** Registers the handler of a kind of job; before start. */
  handle(kind: string, handler: JobHandler): void;
  /** Starts polling; a woken or polling worker runs every due job. */
  start(): void;
  /** Looks for due jobs now rather than at the next poll (after a commit that queued one). */
  wake(): void;
  /**
   * Runs every due job, after whatever this process has under way, and resolves when none is left: how
   * tests wait for a job without sleeping. Answers how many were claimed.
   */
  drain(): Promise<number>;
  /**
   * Stops claiming jobs, at once, and gives back those claimed but not started. The job in hand may finish
   * within `stopGraceMs`; past that its lease is given back too, so another process (or this one restarted)
   * runs it again at once rather than after the lease. Resolves when no job of this process holds a lease.
   * Jobs still queued wait for another process or the next start.
   */
  stop(): Promise<void>;
};

/**
 * The worker that runs `jobs`. Several server processes may run one each against the same database: a
 * round claims due rows with FOR UPDATE SKIP LOCKED and moves their run_after a lease ahead in the same
 * statement, so no two processes take the same job, and the job itself runs outside any transaction (an
 * SMTP server or an EMR can be slow). Within a process the rounds run one at a time.
 */
export function createJobRunner(options: {
  db: Database;
  log: FastifyBaseLogger;
  settings?: Partial<JobRunnerSettings>;
  /** Told of each failed attempt, for the metrics. */
  onFailure?: (kind: string, givenUp: boolean) => void;
}): JobRunner {
  const { db, log } = options;
  const settings = { ...DEFAULT_JOB_RUNNER_SETTINGS, ...options.settings };
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let stopping: Promise<void> | undefined;
  let roundQueued = false;
  /** The job being run now, if any: what `stop` waits for. */
  let inHand: ClaimedJob | undefined;
  // Rounds are chained so that one process never runs two rounds at once.
  let chain: Promise<unknown> = Promise.resolve();

  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };

  async function claim(): Promise<ClaimedJob[]> {
    return queryRows<ClaimedJob>(
      db,
      sql`update ${jobs}
          set attempts = attempts + 1,
              run_after = now() + ${settings.claimLeaseMs}::integer * interval '1 millisecond'
          where id in (
            select id from ${jobs}
            where finished_at is null and run_after <= now()
            order by run_after
            limit ${settings.batchSize}
            for update skip locked
          )
          returning id, kind, payload, attempts, max_attempts`,
    );
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      // A kind this process does not know may be another version's: it fails here and is retried.
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler.run(job);
    } catch (error) {
      await recordFailure(job, handler, error);
      return;
    }
    await db
      .update(jobs)
      .set({ outcome: 'done', finished_at: sql`now()`, last_error: null })
      .where(eq(jobs.id, job.id));
  }

  async function recordFailure(job: ClaimedJob, handler: JobHandler | undefined, error: unknown) {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    const givenUp = job.attempts >= job.max_attempts;
    options.onFailure?.(job.kind, givenUp);
    if (givenUp) await handler?.giveUp?.(job);
    await db
      .update(jobs)
      .set({
        last_error: `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 1000),
        run_after: sql`now() + ${retryDelayMs(job.attempts, settings)}::integer * interval '1 millisecond'`,
        ...(givenUp ? { outcome: 'given-up', finished_at: sql`now()` } : {}),
      })
      .where(eq(jobs.id, job.id));
    // An error's message can carry personal data (an SMTP rejection names the recipient): the log gets the
    // job's id, kind and the error's code only; the message stays in the jobs table.
    const fields = {
      jobId: job.id,
      kind: job.kind,
      attempts: job.attempts,
      code: typeof code === 'string' ? code : 'unknown',
    };
    if (givenUp) log.error(fields, 'job given up after its last attempt');
    else log.warn(fields, 'job failed; it will be retried');
  }

  /**
   * Gives claimed jobs back before their lease is over. One that never started gets its attempt back; one
   * cut off mid-run keeps it (a job that always hangs still reaches its last attempt).
   */
  async function giveBack(claimed: ClaimedJob[], options: { started: boolean }): Promise<void> {
    if (claimed.length === 0) return;
    await db
      .update(jobs)
      .set({
        run_after: sql`now()`,
        ...(options.started ? {} : { attempts: sql`${jobs.attempts} - 1` }),
      })
      .where(
        and(
          inArray(
            jobs.id,
            claimed.map((job) => job.id),
          ),
          isNull(jobs.finished_at),
        ),
      );
  }

  /** Claims and runs rounds until nothing due is left, or the runner stops; answers how many were claimed. */
  async function runDue(): Promise<number> {
    let claimed = 0;
    while (!stopped) {
      const batch = await claim();
      claimed += batch.length;
      for (const [index, job] of batch.entries()) {
        if (stopped) {
          await giveBack(batch.slice(index), { started: false });
          return claimed;
        }
        inHand = job;
        try {
          await run(job);
        } finally {
          inHand = undefined;
        }
      }
      if (batch.length < settings.batchSize) break;
    }
    return claimed;
  }

  async function stopRunning(): Promise<void> {
    stopped = true;
    clearInterval(timer);
    timer = undefined;
    let graceOver: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      chain.then(() => true),
      new Promise<false>((resolve) => (graceOver = setTimeout(() => resolve(false), settings.stopGraceMs))),
    ]);
    clearTimeout(graceOver);
    if (finished) return;
    const cutOff = inHand;
    if (!cutOff) return;
    // The process ends soon after this, and the job with it; until then it may still finish here.
    log.warn(
      { jobId: cutOff.id, kind: cutOff.kind },
      'job still running at shutdown; its lease is given back',
    );
    await giveBack([cutOff], { started: true });
  }

  function wake(): void {
    if (stopped || roundQueued) return;
    roundQueued = true;
    serially(async () => {
      roundQueued = false;
      if (!stopped) await runDue();
    }).catch((error: unknown) => {
      // The database may be restarting; the next poll tries again.
      log.error({ err: error }, 'job round failed');
    });
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    start() {
      if (timer !== undefined || stopped) return;
      timer = setInterval(wake, settings.pollMs);
      timer.unref();
      wake();
    },
    wake,
    drain: () => serially(runDue),
    stop() {
      stopping ??= stopRunning();
      return stopping;
    },
  };
}
