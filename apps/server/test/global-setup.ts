import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string | null;
  }
}

/**
 * On PGlite, migrate one database once and hand workers a dump of it: loading a dump takes under a
 * second where a fresh PGlite takes 3 to 5. On PostgreSQL each worker makes its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDumpPath', null);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'referrals-test-'));
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dumpPath = path.join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  return () => rmSync(dir, { recursive: true, force: true });
}
