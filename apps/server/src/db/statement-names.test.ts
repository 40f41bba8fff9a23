import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openScratchDatabase } from '../../test/test-database.ts';
import { queryRows } from './database.ts';

// PGlite runs in this process and has no connections to name statements on: PostgreSQL only, as in CI.
describe.runIf(process.env.TEST_DATABASE_URL)('statements sent to PostgreSQL', () => {
  it('are parsed once per connection, each text under one name, and answer with each call’s values', async () => {
    const handle = await openScratchDatabase();
    try {
      const text = 'select $1::int + 1 as n';
      const answers = [];
      for (const value of [1, 41]) {
        const [row] = await queryRows<{ n: number }>(handle.db, sql`select ${value}::int + 1 as n`);
        answers.push(row?.n);
      }
      expect(answers).toEqual([2, 42]);
      const prepared = await queryRows<{ name: string }>(
        handle.db,
        sql`select name from pg_prepared_statements where statement = ${text}`,
      );
      expect(prepared).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
