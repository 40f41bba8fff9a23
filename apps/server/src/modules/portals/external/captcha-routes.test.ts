import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { CHALLENGES_PER_ADDRESS } from './captcha-routes.ts';

describe('GET public/captcha/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  const challenge = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/public/captcha/', remoteAddress });

  it('issues a fresh signed challenge each time, then refuses an address past its hourly share', async () => {
    const first = await challenge('203.0.113.7');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await challenge('203.0.113.7');
    expect(second.json<{ signature: string }>().signature).not.toBe(
      first.json<{ signature: string }>().signature,
    );
    for (let i = 2; i < CHALLENGES_PER_ADDRESS.capacity; i += 1) {
      expect((await challenge('203.0.113.7')).statusCode).toBe(200);
    }
    const refused = await challenge('203.0.113.7');
    expect([refused.statusCode, refused.json()]).toEqual([429, { detail: 'Request was throttled.' }]);
    // Another address has its own share.
    expect((await challenge('198.51.100.4')).statusCode).toBe(200);
  });
});
