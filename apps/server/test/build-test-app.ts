import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { workerAppDatabase, workerDatabase } from './test-database.ts';

/** The app (working as the runtime role) and the database as its owner, for setting up and inspecting. */
export type TestApp = { app: FastifyInstance; database: DatabaseHandle; config: Config };

/**
 * The real app on this worker's real database, configured as on a fresh machine. `env` adds settings;
 * `options` may register extra routes or capture the log, for tests of cross-cutting behaviour. Unless `env`
 * names one, the app gets a DATA_DIR of its own, removed when it closes: the workers run side by side, and
 * one worker's mail or uploads must not turn up in another's folder.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<TestApp> {
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'referrals-test-'));
  const config = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://referrals.test',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  const database = await workerDatabase();
  const app = await buildApp(config, { ...options, database: await workerAppDatabase() });
  if (ownDataDir) app.addHook('onClose', () => rmSync(ownDataDir, { recursive: true, force: true }));
  await app.ready();
  return { app, database, config };
}
