import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@referrals/domain/constants';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { openScratchDatabase } from '../../../test/test-database.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', version: APP_VERSION });
  });

  it('answers 503 once the database has gone away', async () => {
    const database = await openScratchDatabase();
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { database });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    await app.close();
  });
});
