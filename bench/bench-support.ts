import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';

// What every bench shares: a database of its own on a PostgreSQL server, and the timing of concurrent
// clients. Figures only; a bench asserts nothing.

/** A database of the bench's own, named `<prefix>_<time>`, on the server `serverUrl` names; its URL. */
export async function createBenchDatabase(serverUrl: string, prefix: string): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${prefix}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `CREATE DATABASE "${url.pathname.slice(1)}"`);
  return url.toString();
}

/** Drops the bench's database and its runtime role; BENCH_KEEP=1 keeps them for EXPLAIN ANALYZE by hand. */
export async function dropBenchDatabase(serverUrl: string, benchUrl: string, role: string | undefined) {
  if (process.env.BENCH_KEEP) return console.log(`kept ${benchUrl}`);
  await onServer(serverUrl, `DROP DATABASE IF EXISTS "${new URL(benchUrl).pathname.slice(1)}" WITH (FORCE)`);
  if (role) await onServer(serverUrl, `DROP ROLE IF EXISTS "${role}"`);
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * After a bulk load, the state a running system is in: `tables` vacuumed and analysed as autovacuum soon
 * would (until then no page is all-visible and no scan is index-only), and a checkpoint, so writing the
 * loaded pages out does not land in the middle of the measurement (it put the bare p99s at 5 to 10 times
 * their p50s).
 */
export async function settleAfterLoad(database: DatabaseHandle, tables: readonly string[]) {
  for (const table of tables) await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  await database.db.execute(sql`checkpoint`);
}

/**
 * Runs `count` requests from `clients` concurrent loops; p50 and p99 in ms, requests per second, and the
 * average of what each request returned (the matches it found).
 */
export async function measureConcurrently(
  clients: number,
  count: number,
  request: (i: number) => Promise<number>,
) {
  const timings: number[] = [];
  let next = 0;
  let matches = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const i = next++;
        const begun = performance.now();
        // Not `matches += await ...`: that reads `matches` before the await and loses the others' counts.
        const found = await request(i);
        matches += found;
        timings.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(1);
  return {
    p50: at(0.5),
    p99: at(0.99),
    perSecond: Math.round(count / seconds),
    matches: Math.round(matches / count),
  };
}

/**
 * measureConcurrently after a round of `clients` * 10 unmeasured requests: the figures of a warm server,
 * whose connections are open and whose statements are prepared on each of them.
 */
export async function measureWarm(clients: number, count: number, request: (i: number) => Promise<number>) {
  await measureConcurrently(clients, clients * 10, request);
  return measureConcurrently(clients, count, request);
}

// node:http with kept-alive connections, not fetch: fetch's own CPU per call (about as much as a small
// request costs the server) would be spent on the server's two cores and counted against it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * GET a signed-in API URL as a browser would (compressed answers accepted) and its JSON; throws on any
 * status but 200.
 */
export function getJson<T>(url: string, token: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = (
            encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
          ).toString('utf8');
          if (response.statusCode !== 200)
            reject(new Error(`GET ${url} answered ${response.statusCode}: ${text}`));
          else resolve(JSON.parse(text) as T);
        });
      },
    );
    request.on('error', reject);
  });
}
