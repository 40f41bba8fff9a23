import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLog } from './schema/audit-log.ts';
import { queryRows } from './database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// Runs on PGlite locally and on PostgreSQL in CI: both drivers must hand the app the same values.
describe('the query layer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('returns counts and bigints as numbers on either driver', async () => {
    const rows = await queryRows(t.database.db, sql`select count(*) as n, 9007199254740::int8 as big`);
    expect(rows[0]).toEqual({ n: 1, big: 9007199254740 });
  });

  it('returns instants as Dates and dates as YYYY-MM-DD strings through the schema', async () => {
    const [row] = await t.database.db
      .insert(auditLog)
      .values({
        action: 'test',
        resource_type: 'test',
        outcome: 'success',
        occurred_at: new Date('2026-11-22T23:15:00Z'),
      })
      .returning();
    expect(row?.occurred_at).toEqual(new Date('2026-11-22T23:15:00Z'));
    const [dateRow] = await queryRows(t.database.db, sql`select '1987-04-12'::date as dob`);
    expect(dateRow?.dob).toBe('1987-04-12');
  });

  it('applied every migration, including the append-only audit trigger', async () => {
    const rows = await queryRows(
      t.database.db,
      sql`select count(*) as n from pg_trigger where tgname = 'audit_log_append_only'`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
