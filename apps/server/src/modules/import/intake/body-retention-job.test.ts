import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { openScratchDatabase } from '../../../../test/test-database.ts';
import { queryRows } from '../../../db/database.ts';
import { createEstablishment } from '../../../db/factories/factories.ts';
import { importItems } from '../../../db/schema/imports.ts';
import { jobs } from '../../../db/schema/jobs.ts';
import { BODY_RETENTION_JOB, clearExpiredBodyText, scheduleNextBodyRetention } from './body-retention-job.ts';
import { createImportItem } from './create-import-item.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the daily sweep of import message text', () => {
  const logged: string[] = [];
  let first: TestApp;
  let second: TestApp;
  const db = () => first.database.db;
  const pendingSweeps = () =>
    db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, BODY_RETENTION_JOB), isNull(jobs.finished_at)));

  /** An item received `daysAgo` days ago with its text. */
  const itemReceived = async (establishmentId: string, daysAgo: number) =>
    (
      await createImportItem(first.app.database.db, {
        establishmentId,
        kind: 'email',
        messageId: `<${randomUUID()}@harbourside.example>`,
        sender: 'reception@harbourside.example',
        senderName: null,
        subject: 'Referral',
        bodyText: 'Please see the attached letter about Jane Citizen.',
        receivedAt: new Date(Date.now() - daysAgo * DAY),
        files: [],
      })
    ).id;
  const bodyOf = async (id: string) =>
    (await db().select({ body: importItems.body_text }).from(importItems).where(eq(importItems.id, id)))[0]
      ?.body;

  beforeAll(async () => {
    // Two server processes on one database, as behind a load balancer: each schedules the sweep at start.
    const logTo = { write: (line: string) => void logged.push(line) };
    first = await buildTestApp({ LOG_LEVEL: 'info' }, { logTo });
    second = await buildTestApp({ LOG_LEVEL: 'info' }, { logTo });
  });
  afterAll(async () => {
    await first.app.close();
    await second.app.close();
  });

  it('clears the text of items older than 30 days and keeps the rest of them', async () => {
    const clinic = await createEstablishment(db());
    const old = await itemReceived(clinic.id, 31);
    const recent = await itemReceived(clinic.id, 29);
    expect(await clearExpiredBodyText(first.app.database.db)).toBe(1);
    expect(await bodyOf(old)).toBeNull();
    expect(await bodyOf(recent)).toBe('Please see the attached letter about Jane Citizen.');
    const [kept] = await db().select().from(importItems).where(eq(importItems.id, old));
    expect(kept).toMatchObject({
      subject: 'Referral',
      sender: 'reception@harbourside.example',
      status: 'new',
    });
    expect(await clearExpiredBodyText(first.app.database.db)).toBe(0);
  });

  it('is queued once, at 3 am Sydney time, however many processes schedule it at once', async () => {
    // Both apps queued one as they started; the schedule runs after onReady, so wait for it.
    for (let tries = 0; tries < 100 && (await pendingSweeps()).length === 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const other = await openScratchDatabase();
    try {
      await Promise.all([
        scheduleNextBodyRetention(first.app.database.db),
        scheduleNextBodyRetention(other.db),
        scheduleNextBodyRetention(second.app.database.db),
        scheduleNextBodyRetention(other.db),
      ]);
    } finally {
      await other.close();
    }
    const pending = await pendingSweeps();
    expect(pending).toHaveLength(1);
    const [hour] = await queryRows<{ hour: number }>(
      db(),
      sql`select extract(hour from ${pending[0]!.run_after} at time zone 'Australia/Sydney')::int as hour`,
    );
    expect(hour?.hour).toBe(3);
  });

  it('runs once when it falls due with two processes, and queues the next sweep', async () => {
    const clinic = await createEstablishment(db());
    const old = await itemReceived(clinic.id, 45);
    const [sweep] = await pendingSweeps();
    await db()
      .update(jobs)
      .set({ run_after: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, sweep!.id));
    logged.length = 0;
    await Promise.all([first.app.jobs.drain(), second.app.jobs.drain()]);

    expect(await bodyOf(old)).toBeNull();
    const [done] = await db().select().from(jobs).where(eq(jobs.id, sweep!.id));
    expect(done).toMatchObject({ outcome: 'done', attempts: 1 });
    expect(
      logged.filter((line) => line.includes('import message text past its retention cleared')),
    ).toHaveLength(1);
    const next = await pendingSweeps();
    expect(next).toHaveLength(1);
    expect(next[0]!.run_after.getTime()).toBeGreaterThan(Date.now());
  });
});
