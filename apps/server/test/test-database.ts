import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { openRuntimeDatabase } from '../src/db/runtime-role.ts';

const CACHE_KEY = Symbol.for('referrals.test.database');
const APP_CACHE_KEY = Symbol.for('referrals.test.app-database');
type Cache = { [CACHE_KEY]?: Promise<DatabaseHandle>; [APP_CACHE_KEY]?: Promise<DatabaseHandle> };

/**
 * This worker's database as its owner, opened once and shared by the files the worker runs: tests set up
 * and inspect through it. On PGlite its one session runs as the runtime role once workerAppDatabase opened.
 */
export function workerDatabase(): Promise<DatabaseHandle> {
  const cache = globalThis as Cache;
  cache[CACHE_KEY] ??= openWorkerDatabase();
  return cache[CACHE_KEY];
}

/** The same database as the server sees it, signed in as the runtime role (db/runtime-role.ts). */
export function workerAppDatabase(): Promise<DatabaseHandle> {
  const cache = globalThis as Cache;
  cache[APP_CACHE_KEY] ??= workerDatabase().then(openRuntimeDatabase);
  return cache[APP_CACHE_KEY];
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

/** This worker's PostgreSQL database, when the suite runs on a server (TEST_DATABASE_URL). */
export function workerDatabaseUrl(): string | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? workerPostgresUrl(serverUrl) : undefined;
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

/**
 * Runs `work` in a transaction as the owner of the tables. On PGlite the one session runs as the runtime
 * role, so the transaction sets it aside (SET LOCAL ROLE ends with it); on PostgreSQL it is a no-op.
 */
export function asOwner<T>(handle: DatabaseHandle, work: (tx: Database) => Promise<T>): Promise<T> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local role none`);
    return work(tx);
  });
}

/**
 * Empties every application table so each test file starts from a clean, migrated database. Only the
 * owner may empty the audit log, and only with its TRUNCATE trigger set aside for the statement.
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  await asOwner(handle, async (tx) => {
    const rows = await queryRows<{ tablename: string }>(
      tx,
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'`,
    );
    const tables = rows.map((r) => `"${r.tablename}"`);
    if (tables.length === 0) return;
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_truncate`);
    await tx.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_truncate`);
  });
}
