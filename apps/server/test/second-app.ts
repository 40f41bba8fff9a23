import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { openRuntimeDatabase } from '../src/db/runtime-role.ts';
import { openScratchDatabase } from './test-database.ts';

/**
 * A second server on the worker's database, as another process would be: a pool of its own (one
 * connection) as the runtime role, the owner's connection closed once signed in (it would hear changes
 * for it too). The caller closes the app and then the database.
 */
export async function secondApp(): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
  const owner = await openScratchDatabase();
  const database = await openRuntimeDatabase(owner);
  await owner.close();
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://referrals.test' }), {
    database,
  });
  await app.ready();
  return { app, database };
}
