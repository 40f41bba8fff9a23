import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows } from '../../db/database.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { notAuthenticated, notFound } from '../../http/api-errors.ts';

/**
 * The operator's metrics in Prometheus' text format at GET /metrics (docs/deploy.md, Metrics): requests by
 * route and status with their latency, the database pool, the job queue and failed jobs (mail and text
 * messages are jobs: mail.deliver, sms.send). Labels are route patterns and codes, never an id, a query
 * string or anything a person typed, so no patient data reaches a scraper.
 */
export type Metrics = {
  registry: Registry;
  /** A job's attempt failed; `givenUp` when it was its last. */
  jobFailed: (kind: string, givenUp: boolean) => void;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'referrals' });
  collectDefaultMetrics({ register: registry, prefix: 'referrals_' });
  const failures = new Counter({
    name: 'referrals_job_failures_total',
    help: 'Failed attempts of background jobs by kind (mail.deliver: mail; sms.send: text messages), and whether it was the last',
    labelNames: ['kind', 'given_up'],
    registers: [registry],
  });
  return {
    registry,
    jobFailed: (kind, givenUp) => failures.inc({ kind, given_up: String(givenUp) }),
  };
}

/** Request latency buckets, in seconds: the API answers in milliseconds, a letter PDF in a few hundred. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times every request and serves GET /metrics to a scraper that sends METRICS_TOKEN as its bearer token.
 * Without METRICS_TOKEN the metrics are still kept but /metrics answers 404: nothing of the service's
 * shape is public.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  const { registry } = metrics;
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'referrals_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'referrals_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (/api/referrals/:id/), not the address: bounded, and no id or query string in a label.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  const pool = app.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'referrals_db_pool_connections',
      help: 'Database pool connections by state: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  new Gauge({
    name: 'referrals_jobs_queued',
    help: 'Background jobs not yet finished, by kind, and how many of them are due now',
    labelNames: ['kind', 'due'],
    registers: [registry],
    async collect() {
      this.reset();
      // jobs_due_idx holds exactly the unfinished jobs, so this reads the queue, not the history.
      const rows = await queryRows<{ kind: string; due: number | string; later: number | string }>(
        app.database.db,
        sql`select kind, count(*) filter (where run_after <= now()) as due,
              count(*) filter (where run_after > now()) as later
            from ${jobs} where finished_at is null group by kind`,
      );
      for (const row of rows) {
        this.set({ kind: row.kind, due: 'true' }, Number(row.due));
        this.set({ kind: row.kind, due: 'false' }, Number(row.later));
      }
    },
  });

  const token = app.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token === undefined) throw notFound();
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) throw notAuthenticated();
    const body = await registry.metrics();
    return reply.type(registry.contentType).send(body);
  });
}
