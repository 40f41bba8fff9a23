import path from 'node:path';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './database.ts';

// The build copies src/db/migrations next to the bundle, so this one expression finds them when running
// from source (src/db/migrations) and from the bundle (dist/migrations).
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

// Any fixed number: it names the lock that processes migrating the same database take in turn.
const MIGRATION_LOCK = 7_382_019_640;

/**
 * Applies the ordered migrations that have not run yet; safe to call at every start, from every process
 * at once: on PostgreSQL they take an advisory lock in turn, so one applies the migrations while the others
 * wait and then find nothing left to do (two at once would both try the same migration).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsTable: 'schema_migrations' };
  if (handle.kind === 'pglite') return migratePglite(handle.db as unknown as PgliteDatabase, config);
  // One connection of the pool for the lock and the migrations alike, so a pool of one cannot wait on itself.
  const pool = (handle.db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    // Session settings for this connection only, reset before it goes back: a migration (a large index)
    // may outlast the statement timeout, and waiting for another process's migrations may too.
    await client.query('set statement_timeout = 0');
    await client.query('set idle_in_transaction_session_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzle(client), config);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
    await client.query('reset all');
    client.release();
  } catch (error) {
    // A connection in an unknown state is not handed out again.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
