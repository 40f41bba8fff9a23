// The referral write path on PostgreSQL: 10 concurrent clients each running whole lifecycles over HTTP,
// create (the GP of Harbourside Family Medical Practice, demo data), submit, view and accept (the
// specialist of North Shore Heart Clinic), each write timed apart. Two cases: each client with a patient of
// its own, and all of them with one shared patient (where two inserts naming one patient can deadlock).
// Beside them, the bare cost of a committed single-row insert from 10 clients on the same PostgreSQL.
// Prints p50, p99 and requests per second of each write, lifecycles per second, the CPU per lifecycle of the
// server, the clients and the machine, and every answer that was not a 2xx, counted by status: a write
// that fails ends its lifecycle and the run goes on. Asserts nothing, except that one lifecycle on its own
// goes through before the bench begins (so a refused body is not measured as a failure).
//
// PostgreSQL only (BENCH_DATABASE_URL): PGlite runs one statement at a time, so neither locks nor
// concurrent writes mean anything there. The bench creates a database of its own beside the one named and
// drops it afterwards (BENCH_KEEP=1 keeps it), and runs the server built as `npm start` runs it in a
// process of its own (serveOverHttp). BENCH_LIFECYCLES sets the measured lifecycles of each case (1,000);
// where writes wait seconds on locks, a case stops early rather than run for many minutes.
//
// The database is one in use, not the demo data alone: BENCH_BACKGROUND referrals (100,000) between other
// establishments and their patients are loaded first, and between rounds the tables written are vacuumed
// and analysed when autovacuum would (its thresholds on this server; this machine's PostgreSQL runs without
// it), which the bench prints. Each ANALYZE has every connection plan its statements again, so analysing
// every table before every round (as the bench did until 2026-12-07) made the first 10 writes of every round
// 45 to 75 ms and alone set a case's create p99, 4% of its creates. On the demo data alone a
// session plans its statements, and PostgreSQL its foreign key checks, against a one-page referrals table:
// sequential scans, kept for the session's life unless an ANALYZE comes, read 12,000 rows a lifecycle
// once the bench has written 3,000 referrals (docs/ARCHITECTURE.md, Writes).
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  openDatabase,
  queryRows,
  type Database,
  type DatabaseHandle,
} from '../apps/server/src/db/database.ts';
import { createPatient } from '../apps/server/src/db/factories/factories.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openRuntimeDatabase, runtimeRoleName } from '../apps/server/src/db/runtime-role.ts';
import { seedDemoData } from '../apps/server/src/db/seed/demo-seed.ts';
import { SignInClient } from '../apps/server/test/sign-in-client.ts';
import {
  autovacuumAsDue,
  callApi,
  createBenchDatabase,
  dropBenchDatabase,
  jsonOf,
  loadWithoutVisibilityTriggers,
  ROUNDS,
  serveOverHttp,
  settleAfterLoad,
  summarise,
  textOf,
  timeRun,
  WARM_UP_SECONDS,
  type Answer,
  type CpuProbe,
  type Run,
} from './bench-support.ts';
import { insertEstablishmentsAndPatients } from './list-bench.ts';

const clients = 10;
const lifecyclesPerCase = Number(process.env.BENCH_LIFECYCLES ?? 1_000);
const backgroundReferrals = Number(process.env.BENCH_BACKGROUND ?? 100_000);
const backgroundEstablishments = 200;
const backgroundPatients = 20_000;
const WRITTEN_TABLES = ['referrals', 'referral_history', 'notifications', 'audit_log', 'visible_patients'];
// A case's round takes about 2 s here; where writes wait on locks (5 to 15 s each before a 500), its
// lifecycles would take many minutes, so a round starts no new lifecycle after this.
const ROUND_LIMIT_SECONDS = 30;
const password = 'bench-password';
const WRITES = ['create', 'submit', 'view', 'accept'] as const;
type Write = (typeof WRITES)[number];

/**
 * What the lifecycles of one run met: the time of each write's 2xx answers, and of the others, with their
 * statuses ('no answer' when the connection failed) and the first one's body.
 */
type Tally = {
  completed: number;
  times: Record<Write, number[]>;
  failed: Record<Write, { statuses: Map<string, number>; times: number[]; first?: string }>;
};

type Parties = { clinic: string; specialist: string; distinct: string[]; shared: string };

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) await benchReferralWrites(serverUrl);
else
  console.log(
    'referral writes: skipped; the bench measures PostgreSQL locking and needs BENCH_DATABASE_URL (a PostgreSQL server URL)',
  );

async function benchReferralWrites(serverUrl: string) {
  const benchUrl = await createBenchDatabase(serverUrl, 'bench_referral_writes');
  const owner = await openDatabase({ url: benchUrl });
  let runtime: DatabaseHandle | undefined;
  try {
    await migrateDatabase(owner);
    // Before the demo data: the load fills visible_patients from its view in one statement.
    await loadWithoutVisibilityTriggers(owner, () => loadBackground(owner.db));
    await seedDemoData(owner.db, { demoPassword: password });
    const parties = await createParties(owner);
    await owner.db.execute(sql`create table bench_inserts (
      id bigint generated always as identity primary key,
      patient_id uuid not null,
      created_at timestamptz not null default now())`);
    await settleAfterLoad(owner, ['establishments', 'patients', ...WRITTEN_TABLES]);
    runtime = await openRuntimeDatabase(owner);
    const serverEnv = { LOG_LEVEL: 'silent', DEMO_PASSWORD: password, PUBLIC_URL: 'http://referrals.bench' };
    const config = loadConfig(serverEnv);
    // `app` signs the demo users in here; the clients reach `server`.
    const app = await buildApp(config, { database: runtime });
    const server = await serveOverHttp(app, benchUrl, serverEnv);
    const pool = new pg.Pool({ connectionString: benchUrl, max: clients });
    try {
      await measure({ app, server, pool, parties, vacuum: () => autovacuumAsDue(owner, WRITTEN_TABLES) });
    } finally {
      await pool.end();
      await server.stop();
      await app.close();
    }
  } finally {
    const role = await runtimeRoleName(owner.db);
    if (runtime && runtime !== owner) await runtime.close();
    await owner.close();
    await dropBenchDatabase(serverUrl, benchUrl, role);
  }
}

/**
 * An installation in use around the bench's parties: other establishments and their patients, and
 * referrals between them in every status, in set-based statements (visible_patients filled after).
 */
async function loadBackground(db: Database) {
  await insertEstablishmentsAndPatients(db, backgroundEstablishments, backgroundPatients);
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments where name like 'Bench establishment %'),
         p as (select array_agg(id) as ids from patients where starts_with(
           (select name from establishments where id = patients.establishment_id), 'Bench establishment ')),
         s as (select n, (array['SBMT','VWD','ACPT','SCHDL','WLST','RTRN','UPDT','FWRD','DRFT'])[1 + n % 9] as status
               from generate_series(1, ${backgroundReferrals}) as n)
    insert into referrals (type, status, patient_id, from_establishment_id, to_establishment_id, submitted_at)
    select 'IN-APP', s.status, p.ids[1 + abs(hashtext('p' || s.n)) % ${backgroundPatients}],
           e.ids[1 + (s.n + 1 + s.n % 97) % ${backgroundEstablishments}], e.ids[1 + s.n % ${backgroundEstablishments}],
           case when s.status = 'DRFT' then null else now() - (s.n || ' seconds')::interval end
    from s, e, p`);
}

/** The receiving clinic, its specialist, and new patients at Harbourside: one per client, and one for all. */
async function createParties(database: DatabaseHandle): Promise<Parties> {
  const db = database.db;
  const idOf = async (query: SQL) => {
    const [row] = await queryRows<{ id: string }>(db, query);
    if (!row) throw new Error('the demo data lacks a party of the bench');
    return row.id;
  };
  const practice = await idOf(
    sql`select id from establishments where name = 'Harbourside Family Medical Practice'`,
  );
  const newPatient = async () => (await createPatient(db, { establishment_id: practice })).id;
  const distinct: string[] = [];
  for (let i = 0; i < clients; i++) distinct.push(await newPatient());
  return {
    clinic: await idOf(sql`select id from establishments where name = 'North Shore Heart Clinic'`),
    specialist: await idOf(sql`select id from users where email = 'specialist@demo.test'`),
    distinct,
    shared: await newPatient(),
  };
}

async function measure(bench: {
  app: FastifyInstance;
  server: CpuProbe & { address: string };
  pool: pg.Pool;
  parties: Parties;
  /** Between rounds, what autovacuum would have done by then; says what it did. */
  vacuum: () => Promise<string[]>;
}) {
  const { app, server, pool, parties, vacuum } = bench;
  const api = `${server.address}/api`;
  const signIn = async (email: string) => {
    const token = await new SignInClient(app).signIn(email, password);
    if (token.statusCode !== 200) throw new Error(`${email} could not sign in (${token.statusCode})`);
    return String(token.json<{ access_token: string }>().access_token);
  };
  // An access token lasts 5 minutes, less than a slow run: each round signs in afresh.
  const tokens = { gp: '', specialist: '' };
  const signInBoth = async () => {
    tokens.gp = await signIn('gp@demo.test');
    tokens.specialist = await signIn('specialist@demo.test');
  };

  const lifecycle = async (patient: string, tally: Tally) => {
    const created = await timed(tally, 'create', () =>
      callApi('POST', `${api}/referrals/`, tokens.gp, {
        type: 'IN-APP',
        patient,
        to_establishment: parties.clinic,
        // Without shared inbox access the specialist sees the clinic's referrals assigned to them only.
        assignee: parties.specialist,
      }),
    );
    if (!created) return;
    const referral = `${api}/referrals/${jsonOf<{ id: string }>(created).id}`;
    const accept = { assignee: parties.specialist, triage_category: 'CAT1' };
    const steps = [
      ['submit', () => callApi('POST', `${referral}/submit/`, tokens.gp)],
      ['view', () => callApi('POST', `${referral}/view/`, tokens.specialist)],
      ['accept', () => callApi('PUT', `${referral}/accept/`, tokens.specialist, accept)],
    ] as const;
    for (const [write, call] of steps) if (!(await timed(tally, write, call))) return;
    tally.completed++;
  };
  const cases = [
    { title: 'distinct patients (client i uses patient i)', patientOf: (c: number) => parties.distinct[c]! },
    { title: `shared patient (all ${clients} clients use one)`, patientOf: () => parties.shared },
  ].map((c) => ({ ...c, rounds: [] as { run: Run; tally: Tally }[] }));
  const runCase = async (patientOf: (client: number) => string, count: number, stopAfterSeconds?: number) => {
    const tally = newTally();
    const run = await timeRun(
      clients,
      count,
      async (_, client) => {
        await lifecycle(patientOf(client), tally);
        return 0;
      },
      server,
      { stopAfterSeconds },
    );
    return { run, tally };
  };
  const insert = async (i: number) => {
    await pool.query({
      name: 'bench-insert',
      text: 'insert into bench_inserts (patient_id) values ($1)',
      values: [parties.distinct[i % clients]],
    });
    return 0;
  };

  await signInBoth();
  const check = await runCase(cases[0]!.patientOf, 1);
  if (check.tally.completed !== 1) {
    const first = WRITES.map((w) => check.tally.failed[w].first).find(Boolean);
    throw new Error(`a lifecycle on its own did not go through: ${first}`);
  }
  // Warm: the server's code compiled, its pool's connections open and its statements prepared on each.
  // On distinct patients only: the shared case's failures would leave the later writes cold.
  const started = performance.now();
  while (performance.now() - started < WARM_UP_SECONDS * 1000)
    await runCase(cases[0]!.patientOf, clients * 5);
  const warmUpSeconds = (performance.now() - started) / 1000;
  await timeRun(clients, 1_000, insert, {});

  // The bare inserts and the cases take turns, so that all are measured across the same stretch of time.
  const perRound = Math.ceil(lifecyclesPerCase / ROUNDS);
  const insertRuns: Run[] = [];
  const vacuumed: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const done = await vacuum();
    if (done.length > 0) vacuumed.push(`before round ${round + 1}: ${done.join(', ')}`);
    await signInBoth();
    insertRuns.push(await timeRun(clients, perRound * WRITES.length, insert, {}));
    for (const c of cases) c.rounds.push(await runCase(c.patientOf, perRound, ROUND_LIMIT_SECONDS));
  }

  const bare = summarise(insertRuns, {});
  console.log(`referral writes on PostgreSQL, ${clients} clients, ${perRound * ROUNDS} lifecycles a case in ${ROUNDS} rounds after ${warmUpSeconds.toFixed(0)} s of warm-up:
  bare committed insert (a pool of ${clients}, one autocommit single-row insert each): p50 ${bare.p50} ms, p99 ${bare.p99} ms, ${bare.perSecond} inserts/s; CPU per insert ${bare.cpu.here} ms here, ${bare.cpu.machine} ms machine
  as autovacuum would have: ${vacuumed.join('; ') || 'nothing'}`);
  for (const c of cases) console.log(describeCase(c.title, perRound * ROUNDS, c.rounds, server));
}

/** Runs one write, times it and counts it in `tally`; the answer when it was a 2xx, else undefined. */
async function timed(tally: Tally, write: Write, call: () => Promise<Answer>): Promise<Answer | undefined> {
  const begun = performance.now();
  let answer: Answer | undefined;
  let error: unknown;
  try {
    answer = await call();
  } catch (caught) {
    error = caught;
  }
  const ms = performance.now() - begun;
  if (answer && answer.status >= 200 && answer.status < 300) {
    tally.times[write].push(ms);
    return answer;
  }
  const status = answer ? String(answer.status) : 'no answer';
  const failed = tally.failed[write];
  failed.statuses.set(status, (failed.statuses.get(status) ?? 0) + 1);
  failed.times.push(ms);
  failed.first ??= answer ? `${write} answered ${status}: ${textOf(answer).slice(0, 200)}` : String(error);
  return undefined;
}

function newTally(): Tally {
  const each = <T>(make: () => T) =>
    Object.fromEntries(WRITES.map((write) => [write, make()])) as Record<Write, T>;
  return {
    completed: 0,
    times: each(() => []),
    failed: each(() => ({ statuses: new Map<string, number>(), times: [] })),
  };
}

/**
 * One case's lines: each write's p50, p99 and 2xx answers per second; the lifecycles completed, their pace
 * and CPU; and the answers that were not a 2xx, by write and status.
 */
function describeCase(
  title: string,
  planned: number,
  rounds: { run: Run; tally: Tally }[],
  server: CpuProbe,
): string {
  const lifecycles = summarise(
    rounds.map((r) => r.run),
    server,
  );
  const seconds = rounds.reduce((sum, r) => sum + r.run.seconds, 0);
  const attempted = rounds.reduce((sum, r) => sum + r.run.timings.length, 0);
  const completed = rounds.reduce((sum, r) => sum + r.tally.completed, 0);
  const cutShort =
    attempted < planned
      ? ` (${planned - attempted} more not started: a round starts none after ${ROUND_LIMIT_SECONDS} s)`
      : '';
  // The runs' lengths with one write's times: its p50, p99 and answers per second.
  const figuresOf = (times: (tally: Tally) => number[]) =>
    summarise(
      rounds.map(({ run, tally }) => ({ ...run, timings: times(tally) })),
      {},
    );
  const lines = WRITES.map((write) => {
    const m = figuresOf((tally) => tally.times[write]);
    const label = `${write}:`.padEnd(8);
    return m.p50 === undefined
      ? `  ${label}no 2xx answer`
      : `  ${label}p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.perSecond} requests/s`;
  });
  const failures = WRITES.flatMap((write) => {
    const statuses = new Map<string, number>();
    for (const { tally } of rounds)
      for (const [status, n] of tally.failed[write].statuses)
        statuses.set(status, (statuses.get(status) ?? 0) + n);
    const count = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    if (count === 0) return [];
    const m = figuresOf((tally) => tally.failed[write].times);
    const byStatus = [...statuses].map(([status, n]) => `${status} ×${n}`).join(', ');
    const first = rounds.map((r) => r.tally.failed[write].first).find(Boolean);
    return [
      `    ${write}: ${count} failed (${byStatus}), answered in p50 ${m.p50} ms, p99 ${m.p99} ms; first: ${first}`,
    ];
  });
  return `${title}:
${lines.join('\n')}
  lifecycles: ${completed} of ${attempted} completed${cutShort}, ${Math.round(completed / seconds)} a second; one lifecycle p50 ${lifecycles.p50} ms, p99 ${lifecycles.p99} ms
  CPU per lifecycle: ${lifecycles.cpu.server} ms server, ${lifecycles.cpu.here} ms here (the clients), ${lifecycles.cpu.machine} ms machine
  failed:${failures.length ? `\n${failures.join('\n')}` : ' none'}`;
}
