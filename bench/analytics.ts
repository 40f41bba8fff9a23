// The analytics page's statements (GET analytics/, modules/analytics) over 1,000,000 referrals on PostgreSQL
// with 5 concurrent clients, against the goal of 200 ms each at p99. A hospital with nine departments
// receives 13% of the referrals, submitted over three years up to now, and its departments send 2%; 190
// practices and clinics share the rest (generate says how each referral's status, triage and appointment
// are drawn). Measured, each statement of analytics-queries.ts on its own (through the server's pool in this
// process: named, prepared statements, as the server runs them) for three scopes: the hospital over the
// page's default range (the last 26 weeks) and over a year, and its largest department over 26 weeks. Beside
// them two bare statements: a round trip (select 1) and a count of the scope's referrals received in the
// range (the fewest rows a figure reads). Then the whole page for the hospital: the seven statements in one
// read transaction in this process, and GET /api/analytics/ over HTTP from the real server in a process of
// its own, signed in as the hospital's account holder. Prints how many referrals each scope holds, p50, p99
// and queries a second of each, the machine's load average (the figures scale with it on two shared
// cores), each statement's scans and whether it is JIT-compiled over the hospital's year as prepared
// (through auto_explain), and the whole plan of any statement over the goal. Asserts nothing, except that
// HTTP and the bare page count the same referrals received (compareBareAndHttp).
//
// PostgreSQL only (BENCH_DATABASE_URL): the goal is about a server and concurrent clients. The bench creates
// a database of its own beside the one named and drops it afterwards (BENCH_KEEP=1 keeps it), loads it with
// the referrals' secondary indexes set aside (loadReferrals) and vacuums it, as autovacuum would have:
// the figures read their indexes alone where the visibility map allows. BENCH_REFERRALS makes it smaller;
// BENCH_RUNS sets the statements of each case (measured over ROUNDS rounds, a case's round stopped after
// ROUND_SECONDS, so the slow cases measure fewer) and, a quarter of it, the pages of each way.
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_TOP_COUNT, defaultAnalyticsRange } from '@referrals/domain/analytics/waiting-times';
import {
  FORWARD_REASONS,
  RECALL_REASONS,
  RETURN_REASONS,
} from '@referrals/domain/referrals/referral-reason-codes';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  openDatabase,
  queryRows,
  type Database,
  type DatabaseHandle,
  type Queryable,
} from '../apps/server/src/db/database.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openRuntimeDatabase, runtimeRoleName } from '../apps/server/src/db/runtime-role.ts';
import {
  appointmentWaits,
  outcomes,
  topReceivers,
  topReferrers,
  triageWaits,
  waitlistNow,
  weeklyVolumes,
  type AnalyticsScope,
  type OutcomeRow,
} from '../apps/server/src/modules/analytics/analytics-queries.ts';
import { SignInClient } from '../apps/server/test/sign-in-client.ts';
import {
  compareBareAndHttp,
  createBenchDatabase,
  describeCase,
  dropBenchDatabase,
  explainPrepared,
  describeLoad,
  loadReferrals,
  ROUNDS,
  serveOverHttp,
  settleAfterLoad,
  summarise,
  timeRun,
  type Measurement,
  type Run,
} from './bench-support.ts';
import { BENCH_PASSWORD, createBenchUser, insertEstablishmentsAndPatients } from './list-bench.ts';

const referralCount = Number(process.env.BENCH_REFERRALS ?? 1_000_000);
const patientCount = Math.max(1_000, Math.round(referralCount / 10));
/** Practices and clinics besides the hospital and its departments: 200 establishments in all. */
const otherCount = 190;
const clients = 5;
const runs = Number(process.env.BENCH_RUNS ?? 400);
/** A round of one case starts no request after this: the slow cases measure fewer. */
const ROUND_SECONDS = 1.5;
/** The issue's goal: each figure within 200 ms at p99 with 5 clients. */
const GOAL_MS = 200;
const HOLDER_EMAIL = 'bench.analytics.holder@bench.example';
const HOSPITAL = 'Bench Metropolitan Hospital';
/** The hospital's departments and their shares, in hundredths, of what the hospital group receives. */
const DEPARTMENTS: [string, number][] = [
  ['Cardiology', 20],
  ['Orthopaedics', 17],
  ['General Surgery', 14],
  ['Gastroenterology', 11],
  ['Neurology', 9],
  ['Renal Medicine', 7],
  ['Respiratory Medicine', 7],
  ['Endocrinology', 6],
  ['Dermatology', 4],
];
/** The share, in hundredths, addressed to the hospital itself rather than a department. */
const HOSPITAL_OWN_SHARE = 100 - DEPARTMENTS.reduce((sum, [, share]) => sum + share, 0);

type Figure = { name: string; run: (q: Queryable, scope: AnalyticsScope) => Promise<unknown> };
const FIGURES: Figure[] = [
  { name: 'weeklyVolumes', run: weeklyVolumes },
  { name: 'triageWaits', run: triageWaits },
  { name: 'appointmentWaits', run: appointmentWaits },
  { name: 'waitlistNow', run: waitlistNow },
  { name: 'outcomes', run: outcomes },
  { name: 'topReferrers', run: (db, scope) => topReferrers(db, scope, ANALYTICS_TOP_COUNT) },
  { name: 'topReceivers', run: (db, scope) => topReceivers(db, scope, ANALYTICS_TOP_COUNT) },
];

/** What a case reads: whose referrals (the establishments a hospital or a department covers), over which range. */
type Scope = { name: string; own: string[]; query: { from: string; to: string } };

/** The hospital, its departments by name and the ids of both. */
type Hospital = { id: string; departments: Map<string, string> };

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) await benchAnalytics(serverUrl);
else
  console.log(
    'analytics: skipped; the bench measures PostgreSQL with concurrent clients and needs BENCH_DATABASE_URL (a PostgreSQL server URL)',
  );

async function benchAnalytics(serverUrl: string) {
  const benchUrl = await createBenchDatabase(serverUrl, 'bench_analytics');
  const owner = await openDatabase({ url: benchUrl, statementTimeoutMs: 1_800_000 });
  let runtime: DatabaseHandle | undefined;
  try {
    await migrateDatabase(owner);
    const hospital = await generate(owner);
    runtime = await openRuntimeDatabase(owner);
    const env = { LOG_LEVEL: 'silent', DEMO_PASSWORD: BENCH_PASSWORD, PUBLIC_URL: 'http://referrals.bench' };
    const config = loadConfig(env);
    // `app` signs the account holder in here; the HTTP half reaches `server`.
    const app = await buildApp(config, { database: runtime });
    const server = await serveOverHttp(app, benchUrl, env);
    try {
      const all = [hospital.id, ...hospital.departments.values()];
      const cardiology = hospital.departments.get('Cardiology') ?? '';
      const range = defaultAnalyticsRange();
      const year = { from: daysBefore(range.to, 364), to: range.to };
      const scopes: Scope[] = [
        { name: 'hospital, 26 weeks', own: all, query: range },
        { name: 'hospital, 1 year', own: all, query: year },
        { name: 'Cardiology, 26 weeks', own: [cardiology], query: range },
      ];
      await describeData(owner.db, scopes);
      const slow = await measureFigures(runtime.db, scopes);
      await measurePage({ app, db: runtime.db, server, scopes: scopes.slice(0, 2) });
      console.log(`scans of each statement over ${scopes[1]?.name}, as prepared:`);
      for (const figure of FIGURES) {
        const plan = await explainPrepared(benchUrl, (db) => figure.run(db, scopeOf(scopes[1]!)));
        console.log(`  ${figure.name}: ${scansOf(plan)}`);
      }
      for (const { figure, scope } of slow) {
        const plan = await explainPrepared(benchUrl, (db) => figure.run(db, scopeOf(scope)));
        console.log(`plan of ${figure.name} (${scope.name}), over ${GOAL_MS} ms at p99, as prepared:`);
        console.log(plan.replace(/^/gm, '  '));
      }
    } finally {
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

/** A plan's scans, their heap fetches, and its JIT compilation if any, on one line. */
function scansOf(plan: string): string {
  const notes = plan
    .split('\n')
    .map((line) => line.trim().replace(/^->\s*/, ''))
    .filter(
      (line) =>
        /Scan|Heap Fetches|Heap Blocks|^Timing:/.test(line) &&
        !/^(Subquery|Function|Values|CTE) Scan/.test(line),
    )
    .map((line) => line.replace(/\s*\(cost=.*$/, '').replace(/^Timing: .*Total ([\d.]+ ms).*$/, 'JIT $1'));
  return notes.join('; ');
}

/** The date (YYYY-MM-DD) `days` days before `date`. */
function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The machine's load average over the last minute, against its cores. */
function loadAverage(): string {
  return `${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores`;
}

/** The statements' scope of a case as readAnalytics makes it, read at this moment. */
function scopeOf(scope: Scope): AnalyticsScope {
  return { receivers: scope.own, senders: scope.own, query: scope.query, now: new Date() };
}

/**
 * 190 practices and clinics with their patients, the hospital and its departments, and 1,000,000 referrals
 * between them in set-based statements (visible_patients filled after); the hospital's account holder.
 *
 * Referral n is submitted at the n-th step of the three years up to now, so the table lies in submission
 * order as one filled over time would. 13% go to the hospital (DEPARTMENTS' shares, 5% to the hospital
 * itself), from practices picked with a skew (a few refer much more than most); the rest go between the
 * practices and clinics, 2.5% of them from a department. Then what happened to it, from hashes of n: 3%
 * drafts never sent, 2% recalled to draft (and 1% recalled once and sent again), 6% returned and 3%
 * forwarded when triage came; the others triaged into Category 1, 2 or 3 (20, 40, 40%) after 0.1 to 21
 * days (a median of 5), scheduled 40% of the way from triage to an appointment drawn per category (CAT1 2
 * to 47 days after triage, CAT2 7 to 147, CAT3 20 to 540: some past their recommended time), and until
 * each of those moments still awaiting triage (SBMT, VWD, UPDT) or waiting on the list (ACPT, WLST).
 */
async function generate(database: DatabaseHandle): Promise<Hospital> {
  const db = database.db;
  const started = performance.now();
  let hospital: Hospital | undefined;
  const phases = await loadReferrals(database, async () => {
    await insertEstablishmentsAndPatients(db, otherCount, patientCount);
    hospital = await insertHospital(db);
    await insertReferrals(db, hospital);
  });
  if (!hospital) throw new Error('the hospital was not made');
  await createBenchUser(db, {
    email: HOLDER_EMAIL,
    role: 'SP',
    establishmentId: hospital.id,
    employment: { is_account_holder: true },
  });
  const settling = performance.now();
  await settleAfterLoad(database, ['establishments', 'patients', 'referrals', 'visible_patients', 'users']);
  const seconds = (from: number, to = performance.now()) => ((to - from) / 1000).toFixed(1);
  console.log(
    `generated ${referralCount.toLocaleString()} referrals, ${patientCount.toLocaleString()} patients, ${otherCount + 1 + DEPARTMENTS.length} establishments in ${seconds(started)} s (${describeLoad(phases)}, vacuum and analyze ${seconds(settling)} s)`,
  );
  return hospital;
}

/** The referrals (generate says how they are drawn), each sent by a practice for one of its own patients. */
async function insertReferrals(db: Database, hospital: Hospital) {
  // What the hospital group receives, by hundredths: the hospital itself, then each department by its share.
  const weighted = [
    ...Array<string>(HOSPITAL_OWN_SHARE).fill(hospital.id),
    ...DEPARTMENTS.map(([name, share]) =>
      Array<string>(share).fill(hospital.departments.get(name) ?? ''),
    ).flat(),
  ];
  const reasons = (codes: object) => sql`(${textArray(Object.keys(codes))})`;
  const pick = (codes: object, hash: SQL) =>
    sql`${reasons(codes)}[1 + ${hash} % ${Object.keys(codes).length}]`;
  await db.execute(sql`
    with o as (select array_agg(id order by name) as ids from establishments where type in ('PR', 'CL')),
         d as (select array_agg(id order by name) as ids from establishments where type = 'DT'),
         pe as (select establishment_id, array_agg(id) as ids, count(*)::int as n from patients group by 1),
         s as (
           -- In float8 throughout: numeric's power() made the load take 45 s longer.
           select n, 1095 * (1 - (n - 0.5) / ${referralCount}::float8) as age,
                  abs(hashtext('to ' || n)) % 1000 as to_pick, abs(hashtext('dept ' || n)) % 100 as dept_pick,
                  floor(${otherCount} * power((abs(hashtext('recv ' || n)) % 10000) / 10000::float8, 2))::int as recv_i,
                  floor(${otherCount} * power((abs(hashtext('from ' || n)) % 10000) / 10000::float8, 1.5))::int as from_i,
                  abs(hashtext('fate ' || n)) % 1000 as fate, abs(hashtext('cat ' || n)) % 10 as cat_pick,
                  (abs(hashtext('triage ' || n)) % 10000) / 10000::float8 as u1,
                  (abs(hashtext('appointment ' || n)) % 10000) / 10000::float8 as u2,
                  abs(hashtext('misc ' || n)) as misc, abs(hashtext('kind ' || n)) as kind
           from generate_series(1, ${referralCount}) as n),
         t as (
           select s.*, now() - s.age * interval '1 day' as submitted, 0.1 + 21 * s.u1 * s.u1 as triage,
                  case when s.cat_pick < 2 then 'CAT1' when s.cat_pick < 6 then 'CAT2' else 'CAT3' end as cat
           from s),
         a as (
           select t.*, t.triage + case t.cat when 'CAT1' then 2 + 45 * t.u2 when 'CAT2' then 7 + 140 * t.u2
                    else 20 + 520 * t.u2 end as appointment
           from t),
         f as (
           select a.*,
                  case when a.fate < 30 then 'DRFT'
                       when a.fate < 50 then 'RECALLED'
                       when a.age < a.triage then (array['SBMT','SBMT','SBMT','SBMT','SBMT','SBMT','VWD','VWD','VWD','UPDT'])[1 + a.misc % 10]
                       when a.fate < 110 then 'RTRN'
                       when a.fate < 140 then 'FWRD'
                       when a.age < a.triage + 0.4 * (a.appointment - a.triage) then (array['ACPT','WLST'])[1 + a.misc % 2]
                       else 'SCHDL' end as fate_status,
                  a.fate between 30 and 49 or a.fate between 140 and 149 as recalled
           from a),
         g as (
           select f.*,
                  case when f.to_pick < 130 then o.ids[1 + f.from_i]
                       when f.misc % 40 = 0 then d.ids[1 + f.misc % ${DEPARTMENTS.length}]
                       else o.ids[1 + (f.from_i + case when f.from_i = f.recv_i then 1 else 0 end) % ${otherCount}] end as from_id,
                  case when f.to_pick < 130 then (${sql.param(weighted)}::uuid[])[1 + f.dept_pick]
                       else o.ids[1 + f.recv_i] end as to_id
           from f, o, d)
    insert into referrals (type, status, patient_id, from_establishment_id, to_establishment_id, created_at,
      updated_at, submitted_at, triaged_at, triage_category, appointment_date, return_reason, forwarded_reason,
      is_recalled, recall_reason, is_deleted, receiver_unread)
    select case when g.kind % 20 = 19 then 'EXTERNAL' when g.kind % 20 = 18 then 'MANUAL' else 'IN-APP' end,
           case when g.fate_status = 'RECALLED' then 'DRFT' else g.fate_status end,
           pe.ids[1 + g.misc % pe.n], g.from_id, g.to_id,
           g.submitted - interval '1 hour', least(now(), g.submitted + g.appointment * 0.4 * interval '1 day'),
           case when g.fate_status <> 'DRFT' then g.submitted end,
           case when g.fate_status in ('ACPT', 'WLST', 'SCHDL') then g.submitted + g.triage * interval '1 day' end,
           case when g.fate_status in ('ACPT', 'WLST', 'SCHDL') then g.cat end,
           case when g.fate_status = 'SCHDL' then g.submitted + g.appointment * interval '1 day' end,
           case when g.fate_status = 'RTRN' then ${pick(RETURN_REASONS, sql`g.kind`)} end,
           case when g.fate_status = 'FWRD' then ${pick(FORWARD_REASONS, sql`g.kind`)} end,
           g.recalled, case when g.recalled then ${pick(RECALL_REASONS, sql`g.kind`)} end,
           g.fate_status = 'DRFT' and g.misc % 10 = 0, g.fate_status = 'SBMT' and g.misc % 3 = 0
    from g left join pe on pe.establishment_id = g.from_id`);
}

function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

/** The hospital (HL) and its departments (DT). */
async function insertHospital(db: Database): Promise<Hospital> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into establishments (name, type, is_approved) values (${HOSPITAL}, 'HL', true) returning id`,
  );
  if (!row) throw new Error('the hospital was not inserted');
  const departments = await queryRows<{ id: string; name: string }>(
    db,
    sql`insert into establishments (name, type, is_approved, hospital_id)
      select unnest(${sql.param(DEPARTMENTS.map(([name]) => name))}::text[]), 'DT', true, ${row.id}::uuid
      returning id, name`,
  );
  return { id: row.id, departments: new Map(departments.map((d) => [d.name, d.id])) };
}

/** How many referrals of each scope each figure reads: received, sent, triaged and seen in the range, waiting now. */
async function describeData(db: Database, scopes: Scope[]) {
  const lines: string[] = [];
  for (const scope of scopes) {
    const own = sql`${sql.param(scope.own)}::uuid[]`;
    const from = sql`(${scope.query.from}::date::timestamp at time zone 'Australia/Sydney')`;
    const to = sql`((${scope.query.to}::date + 1)::timestamp at time zone 'Australia/Sydney')`;
    const [row] = await queryRows<Record<string, number>>(
      db,
      sql`select
        count(*) filter (where to_establishment_id = any(${own}) and submitted_at >= ${from} and submitted_at < ${to}) as received,
        count(*) filter (where from_establishment_id = any(${own}) and submitted_at >= ${from} and submitted_at < ${to}) as sent,
        count(*) filter (where to_establishment_id = any(${own}) and triaged_at >= ${from} and triaged_at < ${to}) as triaged,
        count(*) filter (where to_establishment_id = any(${own}) and status = 'SCHDL' and appointment_date >= ${from}
          and appointment_date < least(${to}, now())) as seen,
        count(*) filter (where to_establishment_id = any(${own}) and status in ('SBMT', 'VWD', 'UPDT')) as awaiting_triage,
        count(*) filter (where to_establishment_id = any(${own}) and status in ('ACPT', 'WLST')) as waitlist,
        count(*) filter (where to_establishment_id = any(${own}) and status = 'RTRN' and submitted_at >= ${from}
          and submitted_at < ${to}) as returned,
        count(*) filter (where to_establishment_id = any(${own})) as received_ever
      from referrals where not is_deleted`,
    );
    const figures = Object.entries(row ?? {}).map(([name, n]) => `${name} ${Number(n).toLocaleString()}`);
    lines.push(`  ${scope.name} (${scope.query.from} to ${scope.query.to}): ${figures.join(', ')}`);
  }
  console.log(`referrals each scope reads:\n${lines.join('\n')}`);
}

/** One measured statement: a figure of a scope, or a bare statement beside them. */
type Case = { row: string; column: string; request: (i: number) => Promise<number>; runs: Run[] };

/**
 * Each figure's statement for each scope, and the bare statements, with `clients` concurrent loops: every
 * case warmed first (prepared on the pool's connections, and past the five runs after which PostgreSQL may
 * keep a generic plan), then the cases take turns over ROUNDS rounds, so that all are measured across the
 * same stretch of time. Prints the table; returns the figures over the goal, with their slowest scope.
 */
async function measureFigures(db: Database, scopes: Scope[]) {
  const cases: Case[] = [];
  const add = (row: string, column: string, request: () => Promise<unknown>) =>
    cases.push({
      row,
      column,
      request: async () => {
        await request();
        return 0;
      },
      runs: [],
    });
  for (const scope of scopes) {
    // With a parameter, so that it is named and prepared as the figures' statements are.
    add('bare: select 1', scope.name, () => queryRows(db, sql`select 1 where ${scope.own.length} > 0`));
    add('bare: count received in range', scope.name, () =>
      queryRows(
        db,
        sql`select count(*) from referrals where to_establishment_id = any(${sql.param(scope.own)}::uuid[])
          and not is_deleted and submitted_at >= (${scope.query.from}::date::timestamp at time zone 'Australia/Sydney')
          and submitted_at < ((${scope.query.to}::date + 1)::timestamp at time zone 'Australia/Sydney')`,
      ),
    );
    for (const figure of FIGURES) add(figure.name, scope.name, () => figure.run(db, scopeOf(scope)));
  }
  const started = performance.now();
  const loadBefore = loadAverage();
  const perRound = Math.ceil(runs / ROUNDS);
  for (const c of cases) await timeRun(clients, clients * 10, c.request, {}, { stopAfterSeconds: 2 });
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      c.runs.push(await timeRun(clients, perRound, c.request, {}, { stopAfterSeconds: ROUND_SECONDS }));
    }
  }
  const figuresOf = new Map(cases.map((c) => [`${c.row}|${c.column}`, summarise(c.runs, {})]));
  const rows = [...new Set(cases.map((c) => c.row))];
  const cell = (m: Measurement | undefined) => (m ? `${m.p50} / ${m.p99} ms, ${m.perSecond}/s` : '');
  const width = 36;
  const lines = [
    `${'p50 / p99, queries a second'.padEnd(32)}${scopes.map((s) => s.name.padEnd(width)).join('')}`,
    ...rows.map(
      (row) =>
        `${row.padEnd(32)}${scopes.map((s) => cell(figuresOf.get(`${row}|${s.name}`)).padEnd(width)).join('')}`,
    ),
  ];
  const counts = cases.map((c) => c.runs.reduce((sum, run) => sum + run.timings.length, 0));
  console.log(`analytics statements on PostgreSQL, ${clients} clients, ${Math.min(...counts)} to ${Math.max(...counts)} queries a case over ${ROUNDS} rounds (${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadBefore} before, ${loadAverage()} after):
${lines.map((line) => `  ${line.trimEnd()}`).join('\n')}`);
  const slow: { figure: Figure; scope: Scope }[] = [];
  for (const figure of FIGURES) {
    const worst = scopes
      .map((scope) => ({ scope, p99: Number(figuresOf.get(`${figure.name}|${scope.name}`)?.p99) }))
      .sort((a, b) => b.p99 - a.p99)[0];
    if (worst && worst.p99 > GOAL_MS) slow.push({ figure, scope: worst.scope });
  }
  console.log(
    slow.length === 0
      ? `every figure within ${GOAL_MS} ms at p99`
      : `over ${GOAL_MS} ms at p99: ${slow.map(({ figure, scope }) => `${figure.name} (${scope.name})`).join(', ')}`,
  );
  return slow;
}

/**
 * The whole page for the hospital's scopes (`scopes`: no unit chosen) with `clients` concurrent loops
 * (compareBareAndHttp, which first checks that both ways count the same referrals received): bare, the
 * seven statements in one read transaction as readAnalytics runs them, and GET /api/analytics/ from the
 * real server as the hospital's account holder, who signs in for each scope (a token lasts 5 minutes).
 */
async function measurePage(bench: {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  server: Awaited<ReturnType<typeof serveOverHttp>>;
  scopes: Scope[];
}) {
  const { app, db, server, scopes } = bench;
  for (const scope of scopes) {
    const signIn = await new SignInClient(app).signIn(HOLDER_EMAIL, BENCH_PASSWORD);
    const token = String(signIn.json<{ access_token: string }>().access_token);
    const { bare, http } = await compareBareAndHttp({
      clients,
      count: Math.ceil(runs / 4),
      bare: () =>
        db.transaction(async (tx) => {
          let received = 0;
          for (const figure of FIGURES) {
            const rows = await figure.run(tx, scopeOf(scope));
            if (figure.run === outcomes)
              received = (rows as OutcomeRow[]).find((row) => row.kind === 'received')?.count ?? 0;
          }
          return received;
        }),
      path: () =>
        `/api/analytics/?${new URLSearchParams({ from: scope.query.from, to: scope.query.to }).toString()}`,
      total: (answer) => (answer as { outcomes: { received: number } }).outcomes.received,
      token,
      server,
    });
    console.log(
      describeCase(
        `the whole page, ${scope.name} (${clients} clients, load average ${loadAverage()})`,
        'requests',
        bare,
        http,
      ),
    );
  }
}
