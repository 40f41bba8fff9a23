import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs.ts';
import { outgoingMail } from '../db/schema/mail.ts';
import { queueMail } from '../modules/mail/mail-delivery.ts';
import {
  createProcessTestDatabase,
  send,
  startServerProcess,
  type ProcessTestDatabase,
  type ServerProcess,
} from '../../test/server-process.ts';
import { mailServer } from '../../test/smtp-test-server.ts';

type JobState = { recipient: string; attempts: number; outcome: string | null; due_now: boolean };

// The real server process (src/main.ts) stopped by SIGTERM while its job runner delivers mail to a real SMTP
// server that the test keeps waiting. On PostgreSQL only: the processes that stop and start share a server.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('SIGTERM while a job is running', () => {
  let database: ProcessTestDatabase;
  const smtp = mailServer();
  const started: ServerProcess[] = [];
  let env: Record<string, string>;
  const start = async () => {
    const server = await startServerProcess(database.url, env);
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    env = { SMTP_URL: `smtp://127.0.0.1:${await smtp.start()}` };
    database = await createProcessTestDatabase('job_shutdown');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(started.map((server) => server.kill()));
    await database?.drop();
    await smtp.stop();
  });

  const queue = (recipients: string[]) =>
    database.owner.db.transaction(async (tx) => {
      for (const to of recipients)
        await queueMail(tx, { to, subject: 'Your referral', text: 'Sent.', html: '' });
    });
  const deliveredTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;
  /** The delivery jobs of these recipients' mail, by recipient. */
  const jobsOf = (recipients: string[]): Promise<JobState[]> =>
    database.owner.db
      .select({
        recipient: outgoingMail.recipient,
        attempts: jobs.attempts,
        outcome: jobs.outcome,
        due_now: sql<boolean>`${jobs.run_after} <= now()`,
      })
      .from(jobs)
      .innerJoin(outgoingMail, sql`${outgoingMail.id} = (${jobs.payload}->>'mail_id')::uuid`)
      .where(inArray(outgoingMail.recipient, recipients))
      .orderBy(outgoingMail.recipient);
  const waitFor = async (check: () => boolean, timeoutMs = 10_000) => {
    const since = Date.now();
    while (!check() && Date.now() - since < timeoutMs) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  };

  let restarted: ServerProcess | undefined;

  it('finishes the job in hand, gives back the ones claimed with it, and each runs once', async () => {
    const first = await start();
    const recipients = ['first@example.test', 'second@example.test', 'third@example.test'];
    const held = smtp.holdNext();
    // One transaction, so one round claims all three; the first is held at the mail server's last reply.
    await queue(recipients);
    const inHand = (await held.arrived).to[0] ?? '';

    first.signal('SIGTERM');
    await first.waitForLine((line) => line.includes('shutting down'));
    // The process stopped listening at once, although it still has a job to finish.
    const health = await send(first.port, 'GET', '/api/health', {}).then(
      (answer) => answer.status,
      (error: { code?: string }) => error.code,
    );
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(health);
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.release();
    expect(await first.exited).toBe(0);

    expect(deliveredTo(inHand)).toBe(1);
    // The two it had claimed but not started are due again, with their attempt given back.
    expect(await jobsOf(recipients)).toEqual(
      recipients.map((recipient) =>
        recipient === inHand
          ? { recipient, attempts: 1, outcome: 'done', due_now: false }
          : { recipient, attempts: 0, outcome: null, due_now: true },
      ),
    );

    restarted = await start();
    await waitFor(() => recipients.every((to) => deliveredTo(to) >= 1));
    // Two more of the runner's polls: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(recipients.map(deliveredTo)).toEqual([1, 1, 1]);
    expect((await jobsOf(recipients)).map((job) => [job.outcome, job.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 1],
    ]);
  }, 45_000);

  it('gives back a job still running when its grace is over, and another process sends it once', async () => {
    const recipient = 'slow-server@example.test';
    // The process the last test restarted: it is running jobs.
    const running = restarted ?? (await start());
    const held = smtp.holdNext();
    await queue([recipient]);
    await held.arrived;

    running.signal('SIGTERM');
    await running.waitForLine((line) => line.includes('shutting down'));
    expect(await jobsOf([recipient])).toMatchObject([{ attempts: 1, outcome: null, due_now: false }]);
    // The next version starts beside it, as in a rolling restart; until the lease is given back, the job
    // is the stopping process's alone.
    const next = await start();

    await running.waitForLine((line) => line.includes('its lease is given back'), 15_000);
    expect(await running.exited).toBe(0);
    // The stopping process hung up before the mail server's final reply, so that delivery did not happen.
    await waitFor(() => smtp.state.dropped === 1);
    held.release();
    await waitFor(() => deliveredTo(recipient) === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(deliveredTo(recipient)).toBe(1);
    expect(smtp.state.dropped).toBe(1);
    expect(await jobsOf([recipient])).toMatchObject([{ attempts: 2, outcome: 'done' }]);
    await next.kill();
  }, 40_000);
});
