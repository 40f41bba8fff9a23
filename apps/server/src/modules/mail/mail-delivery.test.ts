import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { readMailFiles } from '../../../test/mailbox.ts';
import { workerDatabase } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { outgoingMail } from '../../db/schema/mail.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { MAIL_DELIVERY, mailDelivery, queueMail } from './mail-delivery.ts';
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

describe('mail delivery', () => {
  let db: Database;
  let dataDir: string;
  /** A job runner that delivers mail through `outbox` (files in dataDir unless given). */
  const mailRunner = (
    outbox = createOutbox(loadConfig({ DATA_DIR: dataDir }), recordingLog().log),
    log = recordingLog().log,
  ) => {
    const runner = createJobRunner({ db, log });
    runner.handle(MAIL_DELIVERY, mailDelivery(db, outbox));
    return runner;
  };
  const rows = () => db.select().from(outgoingMail).orderBy(outgoingMail.subject);

  beforeAll(async () => {
    db = (await workerDatabase()).db;
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-queue-'));
    await db.delete(jobs);
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

    const runner = mailRunner();
    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);
    const mails = await readMailFiles(dataDir);
    expect(mails.map((m) => m.subject)).toEqual(['Queued 2']);
    expect(mails[0]).toMatchObject({ to: 'sam.nguyen@clinic.example' });
    expect(mails[0]?.text.trim()).toBe('Message 2');
    const [row] = await rows();
    expect(row).toMatchObject({ recipient: 'sam.nguyen@clinic.example', text_body: '', html_body: '' });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('does not send a message twice when its job runs again', async () => {
    await queueMail(db, message(3));
    const runner = mailRunner();
    await runner.drain();
    // As if the process had died after sending, before the job was marked done.
    await db
      .update(jobs)
      .set({ outcome: null, finished_at: null, run_after: sql`now() - interval '1 second'` });
    expect(await runner.drain()).toBe(1);
    expect(await readMailFiles(dataDir)).toHaveLength(1);
  });

  it('retries a failed delivery, and once given up keeps the message without its body and logs no address', async () => {
    const { log, lines } = recordingLog();
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const runner = mailRunner(createOutbox(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtpUrl }), log), log);
    await queueMail(db, message(4, 'priya.raman@clinic.example'));
    await db.update(jobs).set({ max_attempts: 2 });

    expect(await runner.drain()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ sent_at: null, text_body: 'Message 4' });
    let [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ attempts: 1, outcome: null });
    expect(job?.last_error).toMatch(/ECONNREFUSED/);

    await db.update(jobs).set({ run_after: sql`now() - interval '1 second'` });
    expect(await runner.drain()).toBe(1);
    [row] = await rows();
    [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ attempts: 2, outcome: 'given-up' });
    expect(row).toMatchObject({ sent_at: null, text_body: '', html_body: '' });
    expect(JSON.stringify(lines)).toContain('job given up after its last attempt');
    expect(JSON.stringify(lines)).not.toContain('priya.raman');
  });
});

describe('the mail worker of the app', () => {
  it('runs with the app and delivers what a request queued once, before the app closes or after the next starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-queue-app-'));
    try {
      const first = await buildTestApp({ DATA_DIR: dataDir });
      await sendMail(first.app, message(7, 'karen.obrien@clinic.example'));
      // Closing straight away: a delivery in hand finishes, one not started yet is left for the next process
      // (job-runner.ts, stop; jobs/job-shutdown.test.ts shows both on real processes).
      await first.app.close();
      const sentAt = async () =>
        (await first.database.db.select().from(outgoingMail).where(eq(outgoingMail.subject, 'Queued 7')))[0]
          ?.sent_at ?? null;
      if ((await sentAt()) === null) {
        const next = await buildTestApp({ DATA_DIR: dataDir });
        const started = Date.now();
        while ((await sentAt()) === null && Date.now() - started < 5_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await next.app.close();
      }
      expect(await sentAt()).toBeInstanceOf(Date);
      expect((await readMailFiles(dataDir)).map((m) => m.to)).toEqual(['karen.obrien@clinic.example']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
