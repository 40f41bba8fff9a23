import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_PLACEHOLDER, RuntimeConfigSchema } from '@referrals/domain/runtime-config';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

function writeWebDist(): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'referrals-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    // As long as the real page (a few kilobytes with the runtime configuration), to be worth compressing.
    `<!doctype html><html><head>${RUNTIME_CONFIG_PLACEHOLDER}<style>${'.shell{}'.repeat(300)}</style></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  // What the build's precompression writes beside each asset.
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log("app")'));
  return webDist;
}

async function injectedConfig(t: TestApp): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ method: 'GET', url: '/' });
  const json = /<script id="referrals-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? '{}') as Record<string, unknown>;
}

describe('serving the web app', () => {
  let t: TestApp;
  const webDist = writeWebDist();
  beforeAll(async () => {
    t = await buildTestApp({
      WEB_DIST: webDist,
      FEATURE_GP_REPORTS_INBOX: 'on',
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
    const config = RuntimeConfigSchema.parse(await injectedConfig(t));
    expect(config.flags.gpReportsInbox).toBe(true);
    expect(config.flags.mrnRework).toBe(true);
    expect(config.support_email).toBe('help@practice.example');
  });

  it('points the app at the built-in sign-in under /auth', async () => {
    const config = RuntimeConfigSchema.parse(await injectedConfig(t));
    expect(config.auth).toEqual({
      issuer: 'http://referrals.test/auth',
      client_id: 'referrals-web',
      audience: 'http://referrals.test/api',
      external: false,
    });
  });

  it('serves hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the build’s brotli or gzip copy of an asset to a browser that accepts it', async () => {
    for (const [accepted, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe('console.log("app")');
    }
  });

  it('compresses JSON answers and the app page', async () => {
    const spec = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(spec.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(spec.rawPayload).toString())).toHaveProperty('openapi');
    expect(spec.rawPayload.length).toBeLessThan(Buffer.byteLength(brotliDecompressSync(spec.rawPayload)) / 4);
    const page = await t.app.inject({
      method: 'GET',
      url: '/patients',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('still answers unknown API paths with JSON, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('serving the web app with an external sign-in provider', () => {
  let t: TestApp;
  const webDist = writeWebDist();
  beforeAll(async () => {
    // Nothing fetches the issuer at start, so one that nothing listens on will do.
    t = await buildTestApp({
      WEB_DIST: webDist,
      OIDC_ISSUER: 'https://login.referrals.invalid/',
      OIDC_AUDIENCE: 'https://api.referrals.invalid',
      OIDC_CLIENT_ID: 'spa-client-1',
    });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('points the app at the external provider', async () => {
    const config = RuntimeConfigSchema.parse(await injectedConfig(t));
    expect(config.auth).toEqual({
      issuer: 'https://login.referrals.invalid',
      client_id: 'spa-client-1',
      audience: 'https://api.referrals.invalid',
      external: true,
    });
  });

  it('defaults the audience to the API of PUBLIC_URL', async () => {
    const other = await buildTestApp({ WEB_DIST: webDist, OIDC_ISSUER: 'https://login.referrals.invalid' });
    try {
      const config = RuntimeConfigSchema.parse(await injectedConfig(other));
      expect(config.auth).toMatchObject({
        audience: 'http://referrals.test/api',
        client_id: 'referrals-web',
      });
    } finally {
      await other.app.close();
    }
  });
});
