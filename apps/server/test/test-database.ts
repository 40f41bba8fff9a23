import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

const CACHE_KEY = Symbol.for('referrals.test.database');
type Cache = { [CACHE_KEY]?: Promise<DatabaseHandle> };

/** This worker's database, opened once and shared by the files the worker runs. */
export function workerDatabase(): Promise<DatabaseHandle> {
  const cache = globalThis as Cache;
  cache[CACHE_KEY] ??= openWorkerDatabase();
  return cache[CACHE_KEY];
}

async function openWorkerDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl)
    return openDatabase({ url: await createWorkerPostgres(serverUrl), poolSize: 4 }).then(migrated);
  return openScratchDatabase();
}

async function migrated(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await migrateDatabase(handle);
  return handle;
}

/**
 * A connection of its own to a migrated database, for a test that must break or close it without
 * disturbing the worker's: a PGlite from the dump, or a new pool to the worker's PostgreSQL database.
 */
export async function openScratchDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE_URL) {
    await workerDatabase();
    return openDatabase({ url: workerPostgresUrl(process.env.TEST_DATABASE_URL), poolSize: 1 });
  }
  const dumpPath = inject('pgliteDumpPath');
  if (!dumpPath) throw new Error('global setup did not provide a PGlite dump');
  return openDatabase({ pgliteDump: new Blob([readFileSync(dumpPath)]) });
}

function workerPostgresUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${url.pathname.slice(1) || 'test'}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  return url.toString();
}

/** A fresh database per worker on the given server, `<name>_w<worker id>`; returns its URL. */
async function createWorkerPostgres(serverUrl: string): Promise<string> {
  const workerUrl = workerPostgresUrl(serverUrl);
  const name = new URL(workerUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return workerUrl;
}

/** Empties every application table so each test file starts from a clean, migrated database. */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  const rows = await queryRows<{ tablename: string }>(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'`,
  );
  const tables = rows.map((r) => `"${r.tablename}"`);
  if (tables.length > 0)
    await handle.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}
