import { asc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { workerDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/database.ts';
import { jobs } from '../db/schema/jobs.ts';
import {
  createJobRunner,
  queueJob,
  retryDelayMs,
  type JobHandler,
  type JobRunnerSettings,
} from './job-runner.ts';

/** A handler's answer once its (synchronous) work is done. */
const settle = (_done: unknown) => Promise.resolve();

/** A logger that keeps what was logged. */
function recordingLog() {
  const lines: unknown[] = [];
  const keep = (...args: unknown[]) => lines.push(args);
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the job runner', () => {
  let db: Database;
  const runner = (handlers: Record<string, JobHandler>, settings: Partial<JobRunnerSettings> = {}) => {
    const created = createJobRunner({ db, log: recordingLog().log, settings });
    for (const [kind, handler] of Object.entries(handlers)) created.handle(kind, handler);
    return created;
  };
  const rows = () => db.select().from(jobs).orderBy(asc(jobs.created_at), asc(jobs.id));
  const makeDue = () => db.update(jobs).set({ run_after: sql`now() - interval '1 second'` });

  beforeAll(async () => {
    db = (await workerDatabase()).db;
  });
  beforeEach(async () => {
    await db.delete(jobs);
  });

  it('runs a job queued in a transaction only once that transaction commits, and only once', async () => {
    const ran: unknown[] = [];
    const worker = runner({ 'test.note': { run: (job) => settle(ran.push(job.payload)) } });
    await db
      .transaction(async (tx) => {
        await queueJob(tx, 'test.note', { n: 1 });
        throw new Error('the work failed');
      })
      .catch(() => undefined);
    await db.transaction((tx) => queueJob(tx, 'test.note', { n: 2 }));

    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(ran).toEqual([{ n: 2 }]);
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, outcome: 'done', last_error: null });
    expect(row?.finished_at).toBeInstanceOf(Date);
  });

  it('runs as soon as it is woken after a commit, without waiting for the poll', async () => {
    const ran: unknown[] = [];
    const worker = runner(
      { 'test.note': { run: (job) => settle(ran.push(job.payload)) } },
      { pollMs: 3_600_000 },
    );
    worker.start();
    await queueJob(db, 'test.note', { n: 3 });
    worker.wake();
    await vi.waitFor(() => expect(ran).toEqual([{ n: 3 }]), { timeout: 5000 });
    await worker.stop();
  });

  it('retries a failing job later with a growing wait, and gives it up after its last attempt', async () => {
    const tidied: string[] = [];
    let tries = 0;
    const worker = runner({
      'test.flaky': {
        run: () => {
          tries += 1;
          return Promise.reject(Object.assign(new Error('the far end said no'), { code: 'EFAR' }));
        },
        giveUp: (job) => settle(tidied.push(job.id)),
      },
    });
    await queueJob(db, 'test.flaky', {}, { maxAttempts: 3 });

    const before = Date.now();
    expect(await worker.drain()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, outcome: null, last_error: 'EFAR: the far end said no' });
    // Not due again until the first retry wait has passed.
    expect(row?.run_after.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 5000);
    expect(await worker.drain()).toBe(0);

    await makeDue();
    await worker.drain();
    await makeDue();
    await worker.drain();
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 3, outcome: 'given-up' });
    expect(tidied).toEqual([row?.id]);
    await makeDue();
    expect(await worker.drain()).toBe(0);
    expect(tries).toBe(3);
  });

  it('waits 30 seconds after the first failure and doubles the wait up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12)).toBe(60 * 60_000);
  });

  it('lets several processes share the jobs: each runs exactly once', async () => {
    const count = 23;
    const runs = new Map<number, number>();
    const handler: JobHandler = {
      run: async (job) => {
        const n = Number(job.payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    for (let n = 0; n < count; n += 1) await queueJob(db, 'test.count', { n });
    const workers = [1, 2, 3].map(() => runner({ 'test.count': handler }, { batchSize: 4 }));
    const claimed = await Promise.all(workers.map((w) => w.drain()));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(count);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
  });

  it('runs again a job whose process died mid-job, once its lease is over', async () => {
    const lease = { claimLeaseMs: 300 };
    let started = 0;
    // The first process takes the job and never finishes it, as if it had died.
    const dying = runner(
      { 'test.crash': { run: () => new Promise<void>(() => void (started += 1)) } },
      lease,
    );
    const finished: string[] = [];
    const survivor = runner({ 'test.crash': { run: (job) => settle(finished.push(job.id)) } }, lease);
    await queueJob(db, 'test.crash', {});

    dying.wake();
    await vi.waitFor(() => expect(started).toBe(1));
    expect(await survivor.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await survivor.drain()).toBe(1);
    const [row] = await rows();
    expect(finished).toEqual([row?.id]);
    expect(row).toMatchObject({ attempts: 2, outcome: 'done' });
  });

  it('stops claiming when stopped: the job in hand finishes, the others claimed with it are given back', async () => {
    let release: (() => void) | undefined;
    const ran: number[] = [];
    const worker = runner({
      'test.slow': {
        run: async (job) => {
          if (ran.length === 0) await new Promise<void>((resolve) => (release = resolve));
          ran.push(Number(job.payload.n));
        },
      },
    });
    await db.transaction(async (tx) => {
      for (let n = 0; n < 3; n++) await queueJob(tx, 'test.slow', { n });
    });
    worker.wake();
    // One round claimed all three and holds the first.
    await vi.waitFor(() => expect(release).toBeDefined());
    expect((await rows()).map((row) => row.attempts)).toEqual([1, 1, 1]);

    const stopped = worker.stop();
    release?.();
    await stopped;
    expect(ran).toHaveLength(1);
    const after = await rows();
    expect(after.filter((row) => row.outcome === 'done')).toHaveLength(1);
    // Not run, so their attempt is given back, and due now rather than after the claim's lease.
    const givenBack = after.filter((row) => row.outcome === null);
    expect(givenBack.map((row) => row.attempts)).toEqual([0, 0]);
    expect(givenBack.every((row) => row.run_after.getTime() <= Date.now() + 1000)).toBe(true);
    expect(await worker.drain()).toBe(0);

    const next = runner({ 'test.slow': { run: (job) => settle(ran.push(Number(job.payload.n))) } });
    expect(await next.drain()).toBe(2);
    expect([...ran].sort()).toEqual([0, 1, 2]);
  });

  it('gives back the lease of a job still running when the stop’s grace is over', async () => {
    let started = 0;
    const worker = runner(
      { 'test.stuck': { run: () => new Promise<void>(() => void (started += 1)) } },
      { stopGraceMs: 100 },
    );
    await queueJob(db, 'test.stuck', {});
    worker.wake();
    await vi.waitFor(() => expect(started).toBe(1));

    const before = Date.now();
    await worker.stop();
    expect(Date.now() - before).toBeGreaterThanOrEqual(90);
    const [row] = await rows();
    // It did start: the attempt counts, but the job is free for another process now, not in 5 minutes.
    expect(row).toMatchObject({ attempts: 1, outcome: null });
    const finished: string[] = [];
    const next = runner({ 'test.stuck': { run: (job) => settle(finished.push(job.id)) } });
    expect(await next.drain()).toBe(1);
    expect(finished).toEqual([row?.id]);
  });

  it('retries a job of a kind this process does not know, as another version of the server may', async () => {
    const { log, lines } = recordingLog();
    const worker = createJobRunner({ db, log });
    await queueJob(db, 'test.unknown', {});
    await worker.drain();
    const [row] = await rows();
    expect(row).toMatchObject({
      attempts: 1,
      outcome: null,
      last_error: 'no handler for jobs of kind test.unknown',
    });
    expect(JSON.stringify(lines)).toContain('job failed; it will be retried');
  });
});
