import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openScratchDatabase, workerDatabase } from '../../test/test-database.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { jobs } from '../db/schema/jobs.ts';
import { loggerOptions } from '../logging.ts';
import { queueNextDailyRun, registerDailyJob, type DailyJob } from './daily-job.ts';
import { createJobRunner } from './job-runner.ts';

const HOUR = 3_600_000;

/** The hour of the day in Sydney at `at`. */
const sydneyHour = (at: Date) =>
  Number(
    new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(at),
  );

describe('a daily job', () => {
  let db: Database;
  const kinds: string[] = [];
  const newKind = () => {
    const kind = `test.daily.${randomUUID()}`;
    kinds.push(kind);
    return kind;
  };
  const waiting = (kind: string) =>
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), isNull(jobs.finished_at)));

  /** Just what a daily job needs of the app: a logger, the database and a job runner (not started). */
  async function appWith(database: Database, job: Omit<DailyJob, 'kind'> & { kind?: string }) {
    const logged: Record<string, unknown>[] = [];
    const app: FastifyInstance = Fastify({
      logger: loggerOptions('info', { write: (line) => void logged.push(JSON.parse(line)) }),
    });
    app.decorate('database', { db: database } as DatabaseHandle);
    app.decorate('jobs', createJobRunner({ db: database, log: app.log }));
    const kind = job.kind ?? newKind();
    registerDailyJob(app, { ...job, kind });
    await app.ready();
    return { app, kind, logged };
  }

  beforeAll(async () => {
    db = (await workerDatabase()).db;
  });
  afterAll(async () => {
    if (kinds.length > 0) await db.delete(jobs).where(inArray(jobs.kind, kinds));
  });

  it("is queued at its hour in Sydney: today's when still ahead, else tomorrow's", async () => {
    const now = new Date();
    const later = (sydneyHour(now) + 1) % 24;
    const today = { kind: newKind(), hour: later };
    const tomorrow = { kind: newKind(), hour: sydneyHour(now) };
    await queueNextDailyRun(db, today);
    await queueNextDailyRun(db, tomorrow);

    const [soon] = await waiting(today.kind);
    expect(sydneyHour(soon!.run_after)).toBe(later);
    expect(soon!.run_after.getTime() - Date.now()).toBeGreaterThan(0);
    expect(soon!.run_after.getTime() - Date.now()).toBeLessThanOrEqual(2 * HOUR);
    const [next] = await waiting(tomorrow.kind);
    expect(sydneyHour(next!.run_after)).toBe(sydneyHour(now));
    expect(next!.run_after.getTime() - Date.now()).toBeGreaterThan(22 * HOUR);
    expect(next!.run_after.getTime() - Date.now()).toBeLessThanOrEqual(25 * HOUR);
  });

  it('is queued once however many processes queue it at once', async () => {
    const schedule = { kind: newKind(), hour: 5 };
    // On PostgreSQL a connection of its own, as another process has; on PGlite another database.
    const other = await openScratchDatabase();
    try {
      await Promise.all([
        queueNextDailyRun(db, schedule),
        queueNextDailyRun(other.db, schedule),
        queueNextDailyRun(db, schedule),
        queueNextDailyRun(other.db, schedule),
        queueNextDailyRun(db, schedule),
      ]);
    } finally {
      await other.close();
    }
    expect(await waiting(schedule.kind)).toHaveLength(1);
  });

  it('refuses an hour that is not one of the day', async () => {
    await expect(queueNextDailyRun(db, { kind: newKind(), hour: 24 })).rejects.toThrow(RangeError);
    await expect(queueNextDailyRun(db, { kind: newKind(), hour: 6.5 })).rejects.toThrow(RangeError);
  });

  it('is queued when the app is ready; a run logs its counts and queues the next', async () => {
    const run = vi.fn(() => Promise.resolve({ cleared: 2, sent: { expiry: 1 } }));
    const { app, kind, logged } = await appWith(db, {
      hour: 4,
      run,
      done: 'test sweep done',
      describe: 'the test sweep',
    });
    try {
      await vi.waitFor(async () => expect(await waiting(kind)).toHaveLength(1), {
        timeout: 5000,
        interval: 20,
      });
      const [first] = await waiting(kind);
      await db
        .update(jobs)
        .set({ run_after: sql`now() - interval '1 second'` })
        .where(eq(jobs.id, first!.id));
      expect(await app.jobs.drain()).toBe(1);

      expect(run).toHaveBeenCalledTimes(1);
      const [done] = await db.select().from(jobs).where(eq(jobs.id, first!.id));
      expect(done).toMatchObject({ outcome: 'done', attempts: 1 });
      const line = logged.find((entry) => entry.msg === 'test sweep done');
      expect(line).toMatchObject({ level: 30, jobId: first!.id, cleared: 2, sent: { expiry: 1 } });
      const [next] = await waiting(kind);
      expect(next!.id).not.toBe(first!.id);
      expect(sydneyHour(next!.run_after)).toBe(4);
      expect(next!.run_after.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await app.close();
    }
  });

  it('is queued once the database comes back when it was away at start', async () => {
    let refusals = 2;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'transaction' && refusals > 0)
          return () => {
            refusals--;
            return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const { app, kind, logged } = await appWith(flaky, {
      hour: 4,
      run: () => Promise.resolve({}),
      done: 'test sweep done',
      describe: 'the test sweep',
      retryMs: 20,
    });
    try {
      await vi.waitFor(async () => expect(await waiting(kind)).toHaveLength(1), {
        timeout: 5000,
        interval: 20,
      });
      const warnings = logged.filter((entry) => entry.level === 40);
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatchObject({
        msg: 'the test sweep could not be queued yet; trying again in a minute',
        err: { code: 'ECONNREFUSED' },
      });
    } finally {
      await app.close();
    }
  });

  it('stops trying once the app closes', async () => {
    let attempts = 0;
    const away = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'transaction')
          // Each try fails after a while, as a connection attempt times out.
          return () => {
            attempts++;
            return new Promise((_resolve, reject) =>
              setTimeout(() => reject(new Error('connect ETIMEDOUT')), 30),
            );
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const { app } = await appWith(away, {
      hour: 4,
      run: () => Promise.resolve({}),
      done: 'test sweep done',
      describe: 'the test sweep',
      retryMs: 10,
    });
    // Closed while the second try is under way, and a retry would come 10 ms after it failed.
    await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 1 });
    await app.close();
    const atClose = attempts;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Neither a waiting retry nor a try under way at the close queues another.
    expect(attempts).toBe(atClose);
  });
});
