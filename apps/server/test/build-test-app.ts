import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { workerAppDatabase, workerDatabase } from './test-database.ts';

/** The app (working as the runtime role) and the database as its owner, for setting up and inspecting. */
export type TestApp = { app: FastifyInstance; database: DatabaseHandle; config: Config };

/**
 * The real app on this worker's real database, configured as on a fresh machine. `env` adds settings;
 * `options` may register extra routes or capture the log, for tests of cross-cutting behaviour.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://referrals.test',
    ...env,
  });
  const database = await workerDatabase();
  const app = await buildApp(config, { ...options, database: await workerAppDatabase() });
  await app.ready();
  return { app, database, config };
}
