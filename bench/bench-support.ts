import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import serverNodeFlags from '../apps/server/node-flags.json' with { type: 'json' };
import { queryRows, type Database, type DatabaseHandle } from '../apps/server/src/db/database.ts';

// What every bench shares: a database of its own on a PostgreSQL server, and the timing of concurrent
// clients. Figures only; a bench asserts nothing.

/** A database of the bench's own, named `<prefix>_<time>`, on the server `serverUrl` names; its URL. */
export async function createBenchDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  return databaseNamed(serverUrl, name);
}

/** The URL of the database `name` on the server `serverUrl` names. */
export function databaseNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
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
 * What autovacuum would do to `tables` now, by the server's own autovacuum settings (this machine's
 * PostgreSQL runs without it): VACUUM a table with more dead or newly inserted rows than its thresholds,
 * ANALYZE one with more changed rows than its threshold. Returns what it did, for the bench to print.
 */
export async function autovacuumAsDue(
  database: DatabaseHandle,
  tables: readonly string[],
): Promise<string[]> {
  const due = await queryRows<{ name: string; vacuum: boolean; analyze: boolean }>(
    database.db,
    sql`select s.relname as name,
        s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float
            + current_setting('autovacuum_vacuum_scale_factor')::float * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float
            + current_setting('autovacuum_vacuum_insert_scale_factor')::float * greatest(c.reltuples, 0)
          as vacuum,
        s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float
            + current_setting('autovacuum_analyze_scale_factor')::float * greatest(c.reltuples, 0)
          as analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relname in ${tables}`,
  );
  const done: string[] = [];
  for (const table of due) {
    const work = [table.vacuum ? 'vacuum' : '', table.analyze ? 'analyze' : ''].filter(Boolean).join(' ');
    if (!work) continue;
    await database.db.execute(sql.raw(`${work} ${table.name}`));
    done.push(`${work} ${table.name}`);
  }
  return done;
}

/**
 * Runs a bulk `load` with the visible_patients triggers (migration 0018) set aside and then fills that table
 * in one statement from its view, as migration 0010 did: a trigger call per inserted row would take minutes.
 * The triggers are found by name, so a migration that renames them does not break the benches.
 */
export async function loadWithoutVisibilityTriggers(database: DatabaseHandle, load: () => Promise<void>) {
  const db = database.db;
  const triggers = await queryRows<{ on_table: string; name: string }>(
    db,
    sql`select c.relname as on_table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where starts_with(t.tgname, 'visible_patients_follow_') and not t.tgisinternal`,
  );
  const set = async (state: 'disable' | 'enable') => {
    for (const { on_table, name } of triggers)
      await db.execute(sql.raw(`alter table "${on_table}" ${state} trigger "${name}"`));
  };
  await set('disable');
  try {
    await load();
    await db.execute(sql`insert into visible_patients select * from visible_patients_expected`);
  } finally {
    await set('enable');
  }
}

/** How long each phase of loadReferrals took, in seconds. */
export type LoadPhases = { rows: number; visiblePatients: number; indexes: number };

/**
 * Loads a large database of referrals, the rows `insertRows` makes, as fast as PostgreSQL takes it:
 * without the visibility triggers (visible_patients is filled once afterwards, loadWithoutVisibilityTriggers)
 * and without the referrals' and visible_patients' secondary indexes (loadWithoutIndexes), whose pages,
 * kept up row by row, outgrow shared_buffers long before 5,000,000 referrals. The referrals' indexes are
 * built before visible_patients is filled, which reads referrals by patient; visible_patients' own after.
 */
export async function loadReferrals(
  database: DatabaseHandle,
  insertRows: () => Promise<void>,
): Promise<LoadPhases> {
  const started = performance.now();
  let loaded = started;
  let filled = started;
  let referralIndexSeconds = 0;
  const patientIndexSeconds = await loadWithoutIndexes(database, ['visible_patients'], async () => {
    await loadWithoutVisibilityTriggers(database, async () => {
      referralIndexSeconds = await loadWithoutIndexes(database, ['referrals'], async () => {
        await insertRows();
        loaded = performance.now();
      });
    });
    filled = performance.now();
  });
  return {
    rows: (loaded - started) / 1000,
    visiblePatients: (filled - loaded) / 1000 - referralIndexSeconds,
    indexes: referralIndexSeconds + patientIndexSeconds,
  };
}

/** A load's phases as the benches print them. */
export function describeLoad(phases: LoadPhases): string {
  return `rows ${phases.rows.toFixed(1)} s, visible_patients ${phases.visiblePatients.toFixed(1)} s, indexes ${phases.indexes.toFixed(1)} s`;
}

/**
 * Runs a bulk `load` into `tables` without their secondary indexes, and builds them again afterwards from
 * their definitions (the indexes of primary keys and unique constraints stay): an index built by sorting
 * once is many times faster than one kept up row by row, whose pages, led by an establishment's id, are
 * read and written all over once the indexes outgrow shared_buffers (kept up, the referrals' indexes made
 * bench/analytics.ts's load of 1,000,000 referrals about 4 minutes longer). Answers the seconds the builds
 * took.
 */
async function loadWithoutIndexes(
  database: DatabaseHandle,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<number> {
  const db = database.db;
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i where i.indrelid = any(${sql.param([...tables])}::regclass[])
        and not i.indisprimary and not i.indisunique
        and not exists (select from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const { name } of indexes) await db.execute(sql.raw(`drop index ${name}`));
  await load();
  const started = performance.now();
  // One connection of the pool, so that the setting holds for every build.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const { definition } of indexes) await tx.execute(sql.raw(definition));
  });
  return (performance.now() - started) / 1000;
}

/**
 * The plan of a statement the server prepares, as a warm server connection runs it, with its buffers and
 * times: `run` runs it 6 times on one connection of the PostgreSQL database `databaseUrl` names (from the
 * sixth, PostgreSQL may plan it once for any values), and auto_explain sends the last run's plan back as a
 * notice. Needs a superuser (LOAD); on PGlite there is none to ask.
 */
export async function explainPrepared(
  databaseUrl: string,
  run: (db: Database) => Promise<unknown>,
): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let plan = '';
    client.on('notice', (notice) => (plan = notice.message ?? ''));
    await client.query(`load 'auto_explain'`);
    const settings = ['log_min_duration = 0', 'log_analyze = on', 'log_buffers = on', 'log_level = notice'];
    for (const setting of settings) await client.query(`set auto_explain.${setting}`);
    const db = drizzle(client) as unknown as Database;
    for (let i = 0; i < 6; i++) await run(db);
    // The notice starts with the statement's text; the plan starts at its first node.
    const lines = plan.split('\n');
    const root = lines.findIndex((line) => line.includes('(cost='));
    return lines.slice(Math.max(root, 0)).join('\n');
  } finally {
    await client.end();
  }
}

/** The server's process, when it has one of its own, whose CPU time the HTTP figures then report apart. */
export type CpuProbe = { serverPid?: number | undefined };

/**
 * One timed run: each request's time in ms, the run's length, what the requests found (the bare
 * statement's matches, or the bytes of the HTTP answers), and CPU in ms.
 */
export type Run = {
  timings: number[];
  seconds: number;
  found: number;
  cpu: { here: number; server: number; machine: number };
};

/**
 * Runs `count` requests from `clients` concurrent loops, numbering them from `first`; `request` is told
 * which loop (0 to `clients` - 1) runs it and returns what it found, which the figures average. After
 * `stopAfterSeconds` no loop starts another request: the run's timings then hold fewer than `count`.
 */
export async function timeRun(
  clients: number,
  count: number,
  request: (i: number, client: number) => Promise<number>,
  probe: CpuProbe,
  { first = 0, stopAfterSeconds = Infinity }: { first?: number; stopAfterSeconds?: number } = {},
): Promise<Run> {
  const timings: number[] = [];
  let next = 0;
  let foundInAll = 0;
  const cpuBefore = cpuReadings(probe);
  const started = performance.now();
  const stopAt = started + stopAfterSeconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (next < count && performance.now() < stopAt) {
        const i = first + next++;
        const begun = performance.now();
        // Not `foundInAll += await ...`: that reads it before the await and loses the others' counts.
        const found = await request(i, client);
        foundInAll += found;
        timings.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuReadings(probe);
  return {
    timings,
    seconds,
    found: foundInAll,
    cpu: {
      here: cpuAfter.here - cpuBefore.here,
      server: cpuAfter.server - cpuBefore.server,
      machine: cpuAfter.machine - cpuBefore.machine,
    },
  };
}

/**
 * The figures of runs taken together: p50 and p99 in ms, requests per second, the average found, and
 * the CPU time per request in ms of this process, of the server process (when it has its own) and of the
 * whole machine (every core).
 */
export function summarise(runs: Run[], probe: CpuProbe) {
  const timings = runs.flatMap((run) => run.timings).sort((a, b) => a - b);
  const count = timings.length;
  const total = (pick: (run: Run) => number) => runs.reduce((sum, run) => sum + pick(run), 0);
  const perRequest = (pick: (run: Run) => number) => (total(pick) / count).toFixed(2);
  const at = (q: number) => timings[Math.min(count - 1, Math.floor(q * count))]?.toFixed(1);
  return {
    p50: at(0.5),
    p99: at(0.99),
    perSecond: Math.round(count / total((run) => run.seconds)),
    found: Math.round(total((run) => run.found) / count),
    cpu: {
      here: perRequest((run) => run.cpu.here),
      server: probe.serverPid ? perRequest((run) => run.cpu.server) : undefined,
      machine: perRequest((run) => run.cpu.machine),
    },
  };
}

export type Measurement = ReturnType<typeof summarise>;

/** How many turns the cases of a bench take, so that each is measured across the same stretch of time. */
export const ROUNDS = 4;
/** How long at least a bench runs its requests unmeasured first (compareBareAndHttp says why). */
export const WARM_UP_SECONDS = 15;

/** What `compareBareAndHttp` runs: the same search bare and over HTTP. */
export type BareAndHttp = {
  clients: number;
  count: number;
  /** The i-th request run bare; returns how many it matched (the total of the page). */
  bare: (i: number) => Promise<number>;
  /** The i-th request's path and query on the server, whose JSON answer has that total as `count`. */
  path: (i: number) => string;
  /** Where the JSON answer has the total, when not as `count`. */
  total?: (answer: unknown) => number;
  /** The signed-in caller's access token. */
  token: string;
  server: CpuProbe & { address: string };
};

/**
 * The bare statement and the same over HTTP, `count` requests each, from `clients` concurrent loops.
 *
 * First the HTTP answers are checked against the bare statement: the first `clients` * 2 requests must
 * find the same totals both ways. The measured HTTP requests then read each answer whole but leave it
 * compressed and unparsed, as load generators do (wrk, autocannon): the clients stand in for browsers on
 * other machines, and here their CPU would come out of the two cores the server and PostgreSQL share.
 * Decompressing and parsing a page of 10 referrals was a third of a client's CPU per request, as much as
 * the server's compression and serialisation of it together (about 0.1 ms).
 *
 * Then each runs unmeasured for at least as many requests and at least WARM_UP_SECONDS: a warm server,
 * whose code is compiled, whose connections are open and whose statements are prepared on each of them.
 * The server's CPU per request kept falling for its first 4,000 or so inbox pages (1.7 ms over the first
 * 2,000, 1.0 over the next 1,000, then 0.6 to 0.8 ms, where it stays), which a warm-up of 2,000 measured
 * as if it were the server's. Then the two take turns over four rounds, so that both are measured across
 * the same stretch of time: on a shared machine the figures drift by a fifth within a minute, which
 * measured one after the other put into the ratio.
 */
export async function compareBareAndHttp(
  run: BareAndHttp,
): Promise<{ bare: Measurement; http: Measurement }> {
  const { clients, count, bare, server } = run;
  const url = (i: number) => `${server.address}${run.path(i)}`;
  for (let i = 0; i < clients * 2; i++) {
    const [expected, answer] = await Promise.all([bare(i), getAnswer(url(i), run.token)]);
    const found = run.total ? run.total(jsonOf(answer)) : jsonOf<{ count: number }>(answer).count;
    if (found !== expected)
      throw new Error(`${run.path(i)} answered a total of ${found}; the bare statement found ${expected}`);
  }
  const http = async (i: number) => (await getAnswer(url(i), run.token)).body.length;
  const perRound = Math.ceil(count / ROUNDS);
  for (const request of [bare, http]) {
    const started = performance.now();
    let done = 0;
    while (done < count || performance.now() - started < WARM_UP_SECONDS * 1000) {
      await timeRun(clients, perRound, request, {});
      done += perRound;
    }
  }
  const bareRuns: Run[] = [];
  const httpRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await timeRun(clients, perRound, bare, {}, { first: round * perRound }));
    httpRuns.push(await timeRun(clients, perRound, http, server, { first: round * perRound }));
  }
  return { bare: summarise(bareRuns, {}), http: summarise(httpRuns, server) };
}

/** The lines a bench prints for one case: the bare statement, the same over HTTP, and their ratio. */
export function describeCase(title: string, unit: string, bare: Measurement, http: Measurement): string {
  const ratio = Math.round((100 * http.perSecond) / bare.perSecond);
  const httpCpu =
    http.cpu.server === undefined
      ? `${http.cpu.here} ms here (server and clients)`
      : `${http.cpu.here} ms here (the clients), ${http.cpu.server} ms server`;
  return `${title}:
  bare query: p50 ${bare.p50} ms, p99 ${bare.p99} ms, ${bare.perSecond} ${unit}/s; CPU per request ${bare.cpu.here} ms here, ${bare.cpu.machine} ms machine
  over HTTP:  p50 ${http.p50} ms, p99 ${http.p99} ms, ${http.perSecond} ${unit}/s (${ratio}% of bare), ${http.found} bytes an answer as sent; CPU per request ${httpCpu}, ${http.cpu.machine} ms machine`;
}

/** CPU time so far in ms: this process's, the server process's, and the machine's busy time over every core. */
function cpuReadings(probe: CpuProbe) {
  const own = process.cpuUsage();
  return {
    here: (own.user + own.system) / 1000,
    server: probe.serverPid ? processCpuMs(probe.serverPid) : 0,
    machine: machineBusyMs(),
  };
}

// Linux's /proc counts in clock ticks of 10 ms; elsewhere these read 0 and the bench prints zeros.
const MS_PER_TICK = 10;

function processCpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

function machineBusyMs(): number {
  try {
    const [total] = readFileSync('/proc/stat', 'utf8').split('\n');
    const ticks = (total ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait is busy.
    const waiting = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return (ticks.reduce((sum, t) => sum + t, 0) - waiting) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

// node:http with kept-alive connections, not fetch: fetch's own CPU per call (about as much as a small
// request costs the server) would be spent on the machine's two cores and counted against the server.
// (undici measured the same as node:http here: the sockets' system calls, not the client code, are most
// of a client's CPU.)
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** An HTTP answer: its status, its body as sent, and how it is encoded (br, gzip or none). */
export type Answer = { status: number; body: Buffer; encoding: string | undefined };

/**
 * Calls a signed-in API URL as a browser would (compressed answers accepted), with `body` as JSON; resolves
 * with whatever status the server answered, and rejects only when there is no answer.
 */
export function callApi(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  // A write without a body says so (content-length 0): sent chunked instead, Fastify would look for one.
  const sending =
    method === 'GET'
      ? {}
      : {
          'content-length': String(Buffer.byteLength(payload)),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        };
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip', ...sending },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: response.headers['content-encoding'],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** GET a signed-in API URL as a browser would; throws on any status but 200. */
async function getAnswer(url: string, token: string): Promise<Answer> {
  const answer = await callApi('GET', url, token);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${textOf(answer)}`);
  return answer;
}

/** An answer's body decoded to text. */
export function textOf({ body, encoding }: Answer): string {
  const decoded =
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return decoded.toString('utf8');
}

export function jsonOf<T>(answer: Answer): T {
  return JSON.parse(textOf(answer)) as T;
}

/**
 * The server for the HTTP half of a bench. On PostgreSQL it is the server as users run it
 * (apps/server/src/main.ts) in a process of its own, with `env`: the clients and the bare statements run
 * in this process and would otherwise take turns with it on one thread, which no deployment does. On
 * PGlite, whose database lives in this process, `app` listens here. `serverPid` is for the CPU figures.
 */
export async function serveOverHttp(
  app: FastifyInstance,
  databaseUrl: string | undefined,
  env: Record<string, string>,
): Promise<{ address: string; serverPid?: number | undefined; stop(): Promise<void> }> {
  if (!databaseUrl) {
    // The bench closes `app` itself.
    return { address: await app.listen({ port: 0, host: '127.0.0.1' }), stop: async () => {} };
  }
  const port = await freePort();
  // Built and started as `npm start` does (scripts/start.mjs): the bundle, not the sources through tsx.
  const serverDir = new URL('../apps/server/', import.meta.url).pathname;
  const built = spawnSync(process.execPath, ['build.mjs'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the server did not build');
  // BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...serverNodeFlags, 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`))),
  );
  // stop() ends the process too, when nothing waits on this any more: not an error then.
  exited.catch(() => {});
  const address = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const healthy = await Promise.race([
      fetch(`${address}/api/health`).then(
        (res) => res.ok,
        () => false,
      ),
      exited,
    ]);
    if (healthy) break;
    if (tries >= 300) throw new Error('the server process did not answer /api/health within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { address, serverPid: child.pid, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
