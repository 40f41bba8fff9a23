import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { jobs } from '../../db/schema/jobs.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

const TOKEN = 'metrics-token-for-this-test-0123456789';
const REFERRAL = '5f0c2a8e-1b7d-4c3e-9a61-2d4b8e7f0a13';

type Sample = { labels?: Record<string, string>; value?: string; count?: string };
type Family = { name: string; type: string; metrics: Sample[] };

/**
 * GET /metrics as Prometheus reads it (parse-prometheus-text-format, a client we did not write): the
 * requests by route pattern and status, the job queue and failed jobs, the pool on PostgreSQL, behind
 * the configured token.
 */
describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.app.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, families: parsePrometheusTextFormat(res.body) as Family[] };
  };
  const family = (families: Family[], name: string) => families.find((f) => f.name === name);

  it('counts requests by route pattern and status, with no id of the address in a label', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect((await t.app.inject({ method: 'GET', url: `/api/referrals/${REFERRAL}/` })).statusCode).toBe(401);
    const { text, families } = await scrape();
    const requests = family(families, 'referrals_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    const health = requests?.metrics.find(
      (m) => m.labels?.route === '/api/health' && m.labels.status === '200',
    );
    expect(Number(health?.value)).toBeGreaterThanOrEqual(2);
    const referral = requests?.metrics.find((m) => m.labels?.route === '/api/referrals/:id/');
    expect(referral?.labels).toMatchObject({ method: 'GET', status: '401' });
    // The latency of each: a histogram (whose labelled buckets this parser does not keep apart).
    expect(family(families, 'referrals_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(text).toMatch(
      /referrals_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} [1-9]/,
    );
    expect(text).not.toContain(REFERRAL);
  });

  it('shows the job queue by kind and counts failed attempts, the last one apart', async () => {
    const db = t.database.db;
    await db.insert(jobs).values([
      { kind: 'metrics.fails', max_attempts: 1 },
      { kind: 'metrics.later', run_after: new Date(Date.now() + 3_600_000) },
    ]);
    const before = await scrape();
    const queued = family(before.families, 'referrals_jobs_queued')?.metrics ?? [];
    expect(queued.find((m) => m.labels?.kind === 'metrics.fails' && m.labels.due === 'true')?.value).toBe(
      '1',
    );
    expect(queued.find((m) => m.labels?.kind === 'metrics.later' && m.labels.due === 'false')?.value).toBe(
      '1',
    );
    // No process has a handler for this kind: its one attempt fails, and it is given up.
    await t.app.jobs.drain();
    const after = await scrape();
    const failures = family(after.families, 'referrals_job_failures_total')?.metrics ?? [];
    expect(failures.find((m) => m.labels?.kind === 'metrics.fails')).toMatchObject({
      labels: { given_up: 'true' },
      value: '1',
    });
    const left = family(after.families, 'referrals_jobs_queued')?.metrics ?? [];
    expect(left.find((m) => m.labels?.kind === 'metrics.fails')).toBeUndefined();
  });

  it('shows the database pool on PostgreSQL', async () => {
    const pool = family((await scrape()).families, 'referrals_db_pool_connections');
    if (t.app.database.kind === 'postgres') {
      expect(pool?.metrics.map((m) => m.labels?.state).sort()).toEqual(['idle', 'total', 'waiting']);
      expect(Number(pool?.metrics.find((m) => m.labels?.state === 'total')?.value)).toBeGreaterThan(0);
    } else {
      expect(pool).toBeUndefined();
    }
  });

  it('answers only the configured token, and is not there without one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const without = await buildTestApp();
    try {
      const res = await without.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await without.app.close();
    }
  });
});
