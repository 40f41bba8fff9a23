import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openScratchDatabase } from '../../test/test-database.ts';
import { queryRows, type DatabaseHandle } from './database.ts';
import { finishBeforeCommit } from './transaction-steps.ts';

// Steps a transaction leaves to finish before its commit run while it goes on (pipelined on its
// connection). The commit waits for them; a failure of theirs fails the transaction; and none may send a
// statement after the rollback, which would commit on its own (on a connection of one here, as the next
// user of a pooled connection would see it).
describe('steps finished before the commit', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openScratchDatabase();
    await database.db.execute(sql`create table step_rows (step text not null)`);
  });
  beforeEach(() => database.db.execute(sql`delete from step_rows`));
  afterAll(() => database.close());

  const steps = async () =>
    (await queryRows<{ step: string }>(database.db, sql`select step from step_rows`))
      .map((r) => r.step)
      .sort();

  it('commits every step, and what the transaction did after starting them', async () => {
    await database.db.transaction(async (tx) => {
      finishBeforeCommit(
        tx,
        tx.execute(sql`insert into step_rows (step) values ('history')`),
        (async () => {
          await tx.execute(sql`select pg_sleep(0.05)`);
          await tx.execute(sql`insert into step_rows (step) values ('notification, after a read')`);
        })(),
      );
      await tx.execute(sql`insert into step_rows (step) values ('the answer')`);
    });
    expect(await steps()).toEqual(['history', 'notification, after a read', 'the answer']);
  });

  it('rolls the whole transaction back when a step fails after the work has returned', async () => {
    const attempt = database.db.transaction(async (tx) => {
      finishBeforeCommit(
        tx,
        tx.execute(sql`insert into step_rows (step) values ('history')`),
        (async () => {
          await tx.execute(sql`select pg_sleep(0.05)`);
          throw new Error('the notification failed');
        })(),
      );
      await tx.execute(sql`insert into step_rows (step) values ('the answer')`);
    });
    await expect(attempt).rejects.toThrow('the notification failed');
    expect(await steps()).toEqual([]);
  });

  it('keeps nothing of a failed transaction whose step was between two statements', async () => {
    const attempt = database.db.transaction(async (tx) => {
      finishBeforeCommit(
        tx,
        (async () => {
          await tx.execute(sql`select 1`);
          await new Promise((resolve) => setTimeout(resolve, 50));
          await tx.execute(sql`insert into step_rows (step) values ('audit, after a pause')`);
        })(),
      );
      await tx.execute(sql`select 1`);
      throw new Error('the work failed');
    });
    await expect(attempt).rejects.toThrow('the work failed');
    // Later too: a step left running would insert on its own after the rollback.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await steps()).toEqual([]);
  });

  it("answers a step's failure, not the refusal of the statements the work sent behind it", async () => {
    const attempt = database.db.transaction(async (tx) => {
      finishBeforeCommit(tx, tx.execute(sql`select 1 / 0`));
      await tx.execute(sql`insert into step_rows (step) values ('the answer')`);
    });
    const error: unknown = await attempt.catch((caught: unknown) => caught);
    const codes = [error, (error as Error).cause].map((e) => (e as { code?: string } | undefined)?.code);
    expect(codes).toContain('22012');
    expect(await steps()).toEqual([]);
  });

  it('is refused outside a transaction', () => {
    expect(() => finishBeforeCommit(database.db, Promise.resolve())).toThrow(/transaction/);
  });
});
