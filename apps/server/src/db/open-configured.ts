import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite files in DATA_DIR/db. */
export function openConfiguredDatabase(
  config: Config,
  onPoolError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  return openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.statementTimeoutMs,
    onPoolError,
  });
}
