import { beforeAll } from 'vitest';
import { resetDatabase, workerDatabase } from './test-database.ts';

beforeAll(async () => {
  await resetDatabase(await workerDatabase());
});
