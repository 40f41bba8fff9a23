import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Transaction } from './database.ts';
import { prefixBounds, preparedFor, StatementShape } from './prepared-shapes.ts';

describe('prefix bounds', () => {
  it('ends the range at the next code point of the last letter', () => {
    expect(prefixBounds('smi')).toEqual({ low: 'smi', high: 'smj' });
    expect(prefixBounds('ør')).toEqual({ low: 'ør', high: 'øs' });
    expect(prefixBounds('a\u{10ffff}')).toEqual({ low: 'a\u{10ffff}', high: 'b' });
    expect(prefixBounds('a\ud7ff')).toEqual({ low: 'a\ud7ff', high: 'a\ue000' });
    expect(prefixBounds('😀')).toEqual({ low: '😀', high: '😁' });
  });
});

describe('statements prepared by shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('runs one statement per shape with each call’s own values', async () => {
    const db = t.database.db;
    const numbers = async (from: number, to: number, evenOnly: boolean) => {
      const shape = new StatementShape();
      const low = shape.bind(from);
      const high = shape.bind(to);
      const even = evenOnly ? shape.part('even', sql` and n % 2 = 0`) : undefined;
      const prepared = preparedFor(db, 'test_numbers', shape, () =>
        db
          .select({ n: sql<number>`n`.mapWith(Number) })
          .from(sql`generate_series(${low}::int, ${high}::int) as n`)
          .where(sql`true${even ?? sql``}`),
      );
      return { prepared, rows: (await prepared.execute(shape.values)).map((r) => r.n) };
    };
    const first = await numbers(1, 4, false);
    const second = await numbers(5, 7, false);
    const even = await numbers(1, 6, true);
    expect([first.rows, second.rows, even.rows]).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7],
      [2, 4, 6],
    ]);
    expect(second.prepared).toBe(first.prepared);
    expect(even.prepared).not.toBe(first.prepared);
  });

  it('runs a statement built in one transaction on the connection of each later one', async () => {
    const db = t.database.db;
    // What the transaction itself wrote and has not committed: only its own connection sees it.
    const ownSetting = async (tx: Transaction) => {
      const shape = new StatementShape();
      const name = shape.bind('referrals.test_marker');
      const prepared = preparedFor(tx, 'test_own_setting', shape, () =>
        tx.select({ value: sql<string>`current_setting(${name}::text, true)` }).from(sql`(select 1) s`),
      );
      return (await prepared.execute(shape.values))[0]?.value;
    };
    const inTransaction = (marker: string, inside?: () => Promise<unknown[]>) =>
      db.transaction(async (tx): Promise<unknown[]> => {
        await tx.execute(sql`select set_config('referrals.test_marker', ${marker}, true)`);
        const own = await ownSetting(tx);
        return [own, ...(inside ? await inside() : [])];
      });
    // On PostgreSQL the second transaction runs on another connection while the first holds its own; on
    // PGlite's one session they can only run one after the other.
    const seen =
      t.database.kind === 'postgres'
        ? await inTransaction('first', () => inTransaction('second'))
        : [...(await inTransaction('first')), ...(await inTransaction('second'))];
    expect(seen).toEqual(['first', 'second']);
  });

  it('refuses a statement with a value written into it instead of bound', () => {
    const db = t.database.db;
    const shape = new StatementShape();
    expect(() =>
      preparedFor(db, 'test_written', shape, () =>
        db.select({ n: sql<number>`${42}::int` }).from(sql`(select 1) s`),
      ),
    ).toThrow('a value is written into the statement instead of bound');
  });
});
