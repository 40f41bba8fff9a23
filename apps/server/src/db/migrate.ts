import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './database.ts';

// The build copies src/db/migrations next to the bundle, so this one expression finds them when running
// from source (src/db/migrations) and from the bundle (dist/migrations).
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Applies the ordered migrations that have not run yet; safe to call at every start. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsTable: 'schema_migrations' };
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
  else await migratePg(handle.db as unknown as NodePgDatabase, config);
}
