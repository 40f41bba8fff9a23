import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workerDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/database.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { createFileSmsSender, smsDir } from './file-sms-sender.ts';
import { SMS_SEND, queueSms, smsDelivery } from './sms-delivery.ts';
import type { SmsSender } from './sms-sender.ts';
import { recordingLog } from './sms-test-support.ts';

const message = { to: '+61412345678', body: 'Northside Cardiology has booked your appointment: 1 Dec 2026.' };

describe('text message delivery through the job runner (issue 25, SMS)', () => {
  let db: Database;
  let dataDir: string;
  const runner = (sender: SmsSender, log = recordingLog().log) => {
    const jobRunner = createJobRunner({ db, log });
    jobRunner.handle(SMS_SEND, smsDelivery(db, sender));
    return jobRunner;
  };
  const files = () => readdir(smsDir({ dataDir })).catch(() => [] as string[]);

  beforeAll(async () => {
    db = (await workerDatabase()).db;
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-sms-'));
    await db.delete(jobs);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sends a text queued in a transaction only when it commits, then keeps only the id it got', async () => {
    await db
      .transaction(async (tx) => {
        await queueSms(tx, message);
        throw new Error('the booking failed');
      })
      .catch(() => undefined);
    await db.transaction((tx) => queueSms(tx, message));
    const { log, lines } = recordingLog();

    expect(await runner(createFileSmsSender({ dataDir }, log)).drain()).toBe(1);
    const written = await files();
    expect(written).toHaveLength(1);
    const [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ kind: SMS_SEND, outcome: 'done', payload: { sent_id: written[0] } });
    expect(JSON.stringify(lines)).toContain(written[0]);
    expect(JSON.stringify(lines)).not.toMatch(/412345678|Northside/);
  });

  it('does not send a text twice when its job runs again after it was sent', async () => {
    await queueSms(db, message);
    const sent: string[] = [];
    const sender: SmsSender = { send: (m) => Promise.resolve({ id: `SM${sent.push(m.to)}` }) };
    await runner(sender).drain();
    // As if the process had died after sending, before the job was marked done.
    await db
      .update(jobs)
      .set({ outcome: null, finished_at: null, run_after: sql`now() - interval '1 second'` });
    expect(await runner(sender).drain()).toBe(1);
    expect(sent).toEqual(['+61412345678']);
    expect((await db.select().from(jobs))[0]).toMatchObject({ outcome: 'done', payload: { sent_id: 'SM1' } });
  });

  it('retries a failed send, and once given up keeps neither the number nor the text, nor logs them', async () => {
    const { log, lines } = recordingLog();
    const failing: SmsSender = {
      send: (m) =>
        Promise.reject(
          Object.assign(new Error(`The 'To' number ${m.to} is unreachable`), { code: 'HTTP_503' }),
        ),
    };
    await queueSms(db, message);
    await db.update(jobs).set({ max_attempts: 2 });
    const jobRunner = runner(failing, log);

    expect(await jobRunner.drain()).toBe(1);
    let [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ attempts: 1, outcome: null, payload: message });
    await db.update(jobs).set({ run_after: sql`now() - interval '1 second'` });
    expect(await jobRunner.drain()).toBe(1);
    [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ attempts: 2, outcome: 'given-up', payload: {} });
    expect(JSON.stringify(lines)).toContain('HTTP_503');
    expect(JSON.stringify(lines)).not.toMatch(/412345678|Northside/);
  });
});
