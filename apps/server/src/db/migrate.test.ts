import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from './database.ts';
import { migrateDatabase } from './migrate.ts';

/**
 * Several server processes starting at once against a new PostgreSQL database (a deploy, a scale-out) each
 * apply pending migrations at start: they must take turns, not all try the first migration.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('migrations from several processes at once', () => {
  // Read in the hooks: a skipped describe's body still runs, without TEST_DATABASE_URL.
  const serverUrl = () => process.env.TEST_DATABASE_URL ?? '';
  const databaseUrl = () => {
    const url = new URL(serverUrl());
    url.pathname = `/${url.pathname.slice(1) || 'test'}_migrate_w${process.env.VITEST_POOL_ID ?? '1'}`;
    return url;
  };
  const name = () => databaseUrl().pathname.slice(1);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    await admin(`drop database if exists "${name()}" with (force)`);
    await admin(`create database "${name()}"`);
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await admin(`drop database if exists "${name()}" with (force)`);
    // The migrations made the database's runtime role, which belongs to the whole server.
    await admin(`drop role if exists "${name()}_app"`);
  });

  it('applies every migration once while the other processes wait, each with a pool of one', async () => {
    for (let i = 0; i < 4; i++)
      handles.push(await openDatabase({ url: databaseUrl().toString(), poolSize: 1 }));
    await Promise.all(handles.map((handle) => migrateDatabase(handle)));
    const [first] = handles;
    if (!first) throw new Error('no database');
    const applied = await queryRows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from drizzle.schema_migrations`,
    );
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
    expect(applied[0]?.n).toBe(journal.entries.length);
    // The connection went back to the pool with its usual limits.
    const [limits] = await queryRows<{ statement_timeout: string }>(first.db, sql`show statement_timeout`);
    expect(limits?.statement_timeout).toBe('15s');
  });
});

describe('the migrations journal', () => {
  // drizzle applies to an existing database only the migrations whose `when` is later than the last one it
  // applied: drizzle-kit writes the clock's time, which sorts before the hand-set times of earlier entries.
  it('has each entry later than the one before, so an existing database applies the new ones', async () => {
    const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default;
    const late = journal.entries.filter((entry, i) => i > 0 && entry.when <= journal.entries[i - 1]!.when);
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });
});
