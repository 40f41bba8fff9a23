import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_DETAIL } from '@referrals/domain/api';
import { APP_VERSION } from '@referrals/domain/constants';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../http/maintenance.ts';
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
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', maintenance: false, version: APP_VERSION });
  });

  it('says the service is down for maintenance, while the API and the FHIR API answer 503 with Retry-After', async () => {
    const down = await buildTestApp({ FEATURE_MAINTENANCE: 'on' });
    try {
      const health = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', maintenance: true });
      for (const url of ['/api/referrals/?box=inbox', '/api/profile/', '/fhir/metadata']) {
        const res = await down.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
        // The FHIR API says it as FHIR does, in an OperationOutcome.
        expect(res.json()).toMatchObject(
          url.startsWith('/fhir')
            ? {
                resourceType: 'OperationOutcome',
                issue: [{ code: 'transient', diagnostics: MAINTENANCE_DETAIL }],
              }
            : { detail: MAINTENANCE_DETAIL },
        );
      }
      const posted = await down.app.inject({ method: 'POST', url: '/api/patients/', payload: {} });
      expect(posted.statusCode).toBe(503);
      expect((await down.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    } finally {
      await down.app.close();
    }
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
