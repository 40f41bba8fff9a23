import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_PLACEHOLDER } from '@referrals/domain/runtime-config';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('serving the web app', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'referrals-web-'));
  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head>${RUNTIME_CONFIG_PLACEHOLDER}</head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
    t = await buildTestApp({
      WEB_DIST: webDist,
      FEATURE_MAINTENANCE: 'on',
      SUPPORT_EMAIL: 'help@practice.example',
    });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('opens the app at a deep link such as /referrals/inbox/all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/referrals/inbox/all' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('tells the app its start-time flags and support address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const json = /<script id="referrals-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(json).toBeDefined();
    const config = JSON.parse(json ?? '{}');
    expect(config.flags.maintenance).toBe(true);
    expect(config.flags.mrnRework).toBe(true);
    expect(config.support_email).toBe('help@practice.example');
  });

  it('serves hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('still answers unknown API paths with JSON, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referrals/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
