import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { readMailFiles } from '../../../test/mailbox.ts';
import { workerDatabase } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { outgoingMail } from '../../db/schema/mail.ts';
import { createMailQueue, queueMail, retryDelayMs, type MailQueueOptions } from './mail-queue.ts';
import { createOutbox, sendMail, type MailMessage } from './outbox.ts';

const message = (n: number, to = 'sam.nguyen@clinic.example'): MailMessage => ({
  to,
  subject: `Queued ${n}`,
  text: `Message ${n}`,
  html: `<p>Message ${n}</p>`,
});

/** A logger that keeps what was logged, to check that no address reaches the log. */
function recordingLog() {
  const lines: unknown[] = [];
  const keep = (...args: unknown[]) => lines.push(args);
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** A local port with nothing listening, so an SMTP connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the mail queue', () => {
  let db: Database;
  let dataDir: string;
  const fileQueue = (settings: Partial<MailQueueOptions> = {}) =>
    createMailQueue({
      db,
      outbox: createOutbox(loadConfig({ DATA_DIR: dataDir }), recordingLog().log),
      log: recordingLog().log,
      settings,
    });
  const rows = () => db.select().from(outgoingMail).orderBy(outgoingMail.subject);

  beforeAll(async () => {
    db = (await workerDatabase()).db;
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-queue-'));
    await db.delete(outgoingMail);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends mail queued in a transaction only when the transaction commits, once, and keeps no body after', async () => {
    await db
      .transaction(async (tx) => {
        await queueMail(tx, message(1));
        throw new Error('the work failed');
      })
      .catch(() => undefined);
    await db.transaction((tx) => queueMail(tx, message(2)));

    const queue = fileQueue();
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    const mails = await readMailFiles(dataDir);
    expect(mails.map((m) => m.subject)).toEqual(['Queued 2']);
    expect(mails[0]).toMatchObject({ to: 'sam.nguyen@clinic.example' });
    expect(mails[0]?.text.trim()).toBe('Message 2');
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, last_error: null, text_body: '', html_body: '' });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('delivers as soon as it is woken after an insert, without waiting for the poll', async () => {
    const queue = fileQueue({ pollMs: 60 * 60_000 });
    queue.start();
    await queueMail(db, message(3));
    queue.wake();
    await vi.waitFor(async () => expect(await readMailFiles(dataDir)).toHaveLength(1), { timeout: 5000 });
    await queue.stop();
  });

  it('retries a failed delivery later with a growing wait, records the error, and gives up after the last try', async () => {
    const { log, lines } = recordingLog();
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const queue = createMailQueue({
      db,
      outbox: createOutbox(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtpUrl }), log),
      log,
      settings: { maxAttempts: 2 },
    });
    await queueMail(db, message(4, 'priya.raman@clinic.example'));

    const before = Date.now();
    expect(await queue.drain()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, text_body: 'Message 4' });
    expect(row?.last_error).toMatch(/ECONNREFUSED/);
    // Not due again until the first retry wait has passed.
    expect(row?.send_after.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 5000);
    expect(await queue.drain()).toBe(0);

    const makeDue = () => db.update(outgoingMail).set({ send_after: sql`now() - interval '1 second'` });
    await makeDue();
    expect(await queue.drain()).toBe(1);
    [row] = await rows();
    // The last try failed too: the message stays, without its body, and is not tried again.
    expect(row).toMatchObject({ attempts: 2, sent_at: null, text_body: '', html_body: '' });
    await makeDue();
    expect(await queue.drain()).toBe(0);
    expect(JSON.stringify(lines)).toContain('mail given up after the last attempt');
    expect(JSON.stringify(lines)).not.toContain('priya.raman');
  });

  it('waits 30 seconds after the first failure and doubles the wait up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12)).toBe(60 * 60_000);
  });

  it('lets several workers share the queue: each message is delivered exactly once', async () => {
    const count = 23;
    for (let n = 0; n < count; n += 1) await queueMail(db, message(100 + n));
    const workers = [fileQueue({ batchSize: 4 }), fileQueue({ batchSize: 4 }), fileQueue({ batchSize: 4 })];
    const claimed = await Promise.all(workers.map((w) => w.drain()));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(count);
    const subjects = (await readMailFiles(dataDir)).map((m) => m.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const unsent = await db
      .select()
      .from(outgoingMail)
      .where(sql`${outgoingMail.sent_at} is null`);
    expect(unsent).toHaveLength(0);
  });
});

describe('the mail worker of the app', () => {
  it('runs with the app, delivers what a request queued, and finishes that delivery before the app closes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-queue-app-'));
    try {
      const { app, database } = await buildTestApp({ DATA_DIR: dataDir });
      await sendMail(app, message(7, 'karen.obrien@clinic.example'));
      await app.close();
      const [row] = await database.db.select().from(outgoingMail).where(eq(outgoingMail.subject, 'Queued 7'));
      expect(row?.sent_at).toBeInstanceOf(Date);
      expect((await readMailFiles(dataDir)).map((m) => m.to)).toEqual(['karen.obrien@clinic.example']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
