import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  openDatabase,
  queryRows,
  type Database,
  type DatabaseHandle,
} from '../apps/server/src/db/database.ts';
import { createEmployment, createUser } from '../apps/server/src/db/factories/factories.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/factories/sample-data.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openRuntimeDatabase, runtimeRoleName } from '../apps/server/src/db/runtime-role.ts';
import type { AuditActor } from '../apps/server/src/modules/audit/record-audit.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { loadCaller, type Caller } from '../apps/server/src/modules/tenancy/caller.ts';
import { SignInClient } from '../apps/server/test/sign-in-client.ts';
import {
  compareBareAndHttp,
  createBenchDatabase,
  databaseNamed,
  describeCase,
  dropBenchDatabase,
  explainPrepared,
  serveOverHttp,
} from './bench-support.ts';

// What the list benches share (referral-lists.ts, report-lists.ts, patient-search.ts): a database of their own, generated;
// the server as users run it with the bench's user signed in; each case of a list measured bare and over
// HTTP (compareBareAndHttp); and on PostgreSQL the plan of each case's statement as the server prepares it.

/** The password of the user a list bench signs in as. */
export const BENCH_PASSWORD = 'bench-password';

/** Whom a list statement runs for: the signed-in bench user and their audit actor. */
export type BenchCaller = { caller: Caller; actor: AuditActor };

/** One case of a list: the query parameters of its i-th request. */
export type ListCase = { name: string; params: (i: number) => Record<string, string> };

export type ListBench = {
  /** The bench database is `<prefix>_<time>` on PostgreSQL. */
  prefix: string;
  /** Fills the migrated database; returns the email of the user to sign in as (BENCH_PASSWORD). */
  generate: (owner: DatabaseHandle) => Promise<string>;
  /** What the figures call the list, e.g. 'referral list'. */
  title: string;
  /** What the figures count a second; 'requests' unless told. */
  unit?: string;
  /** The list's API path, e.g. '/api/referrals/'. */
  path: string;
  cases: ListCase[];
  clients: number;
  /** Requests of each case, each way. */
  count: number;
  /** The module's statement for a page, as the route runs it; answers the page's total. */
  list: (db: Database, who: BenchCaller, params: Record<string, string>) => Promise<{ count: number }>;
  /** Runs after the cases, with the database's owner: more to print. */
  after?: (owner: DatabaseHandle, who: BenchCaller) => Promise<void>;
};

/**
 * Runs a list bench. On PostgreSQL with BENCH_DATABASE_URL its database is created beside the one named and
 * dropped afterwards (BENCH_KEEP=1 keeps it), and the server runs in a process of its own; else on PGlite,
 * with the server in this process. BENCH_REUSE=<name> measures a database an earlier run of the same bench
 * kept, as it is (migrated, not generated again, and kept): a run of 5,000,000 referrals spends most of
 * its time generating them.
 */
export async function runListBench(bench: ListBench): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const reuse = serverUrl ? process.env.BENCH_REUSE : undefined;
  const url = serverUrl
    ? reuse
      ? databaseNamed(serverUrl, reuse)
      : await createBenchDatabase(serverUrl, bench.prefix)
    : undefined;
  const owner = await openDatabase({ url, statementTimeoutMs: 1_800_000 });
  let runtime: DatabaseHandle | undefined;
  try {
    await migrateDatabase(owner);
    const email = reuse ? await benchUserEmail(owner.db) : await bench.generate(owner);
    runtime = await openRuntimeDatabase(owner);
    const env = { LOG_LEVEL: 'silent', DEMO_PASSWORD: BENCH_PASSWORD, PUBLIC_URL: 'http://referrals.bench' };
    const config = loadConfig(env);
    // `app` signs the bench's user in here; the HTTP half reaches `server`.
    const app = await buildApp(config, { database: runtime });
    const server = await serveOverHttp(app, url, env);
    try {
      const signIn = await new SignInClient(app).signIn(email, BENCH_PASSWORD);
      const token = String(signIn.json<{ access_token: string }>().access_token);
      const [user] = await queryRows<{ id: string }>(
        owner.db,
        sql`select id from users where email = ${email}`,
      );
      const caller = await loadCaller(runtime.db, user?.id ?? '', config.flags);
      if (!caller?.current) throw new Error('bench caller not found');
      const actor = {
        actorId: caller.userId,
        establishmentId: caller.current.establishment.id,
        ip: null,
        requestId: null,
      };
      const who = { caller, actor };
      const db = runtime.db;
      for (const { name, params } of bench.cases) {
        const { bare, http } = await compareBareAndHttp({
          clients: bench.clients,
          count: bench.count,
          bare: async (i) => (await bench.list(db, who, params(i))).count,
          path: (i) => `${bench.path}?${new URLSearchParams(params(i)).toString()}`,
          token,
          server,
        });
        const what = `${bench.title}, ${name} (${runtime.kind}, ${bench.clients} clients, ${bare.found} matches on average)`;
        console.log(describeCase(what, bench.unit ?? 'requests', bare, http));
      }
      await bench.after?.(owner, who);
      if (url) {
        for (const { name, params } of bench.cases) {
          const plan = await explainPrepared(url, (db) => bench.list(db, who, params(0)));
          console.log(`plan of ${name} (${new URLSearchParams(params(0)).toString()}), as prepared:`);
          console.log(plan.replace(/^/gm, '  '));
        }
      }
    } finally {
      await server.stop();
      await app.close();
    }
  } finally {
    const role = serverUrl ? await runtimeRoleName(owner.db) : undefined;
    if (runtime && runtime !== owner) await runtime.close();
    await owner.close();
    if (serverUrl && url && !reuse) await dropBenchDatabase(serverUrl, url, role);
  }
}

/** The email of the user a kept bench database's generate made (each list bench makes one, @bench.example). */
async function benchUserEmail(db: Database): Promise<string> {
  const [user] = await queryRows<{ email: string }>(
    db,
    sql`select email from users where email like '%@bench.example' order by created_at limit 1`,
  );
  if (!user) throw new Error('the reused database has no bench user');
  return user.email;
}

/** What patient records hold besides their names: Medicare-like numbers, and some records incomplete. */
export type BenchPatients = {
  /** A Medicare-like number (10 digits) in every record's pub_insurance_details. */
  medicare?: boolean;
  /** Every `incompleteEvery`-th record 'incomplete': with a number prime to `establishments`, some at each. */
  incompleteEvery?: number;
};

/**
 * `establishments` approved establishments named in order (every third a clinic) and `patients` patients
 * with names from the demo lists, owned in turn by each establishment, in set-based statements.
 */
export async function insertEstablishmentsAndPatients(
  db: Database,
  establishments: number,
  patients: number,
  { medicare = false, incompleteEvery }: BenchPatients = {},
) {
  const textArray = (values: readonly string[]) =>
    sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
  const digits = String(establishments).length;
  await db.execute(sql`
    insert into establishments (name, type, is_approved)
    select 'Bench establishment ' || lpad(n::text, ${digits}, '0'), case when n % 3 = 0 then 'CL' else 'PR' end,
      true
    from generate_series(1, ${establishments}) as n`);
  const medicareNumber = medicare
    ? sql`(2 + n % 5)::text || lpad(((n::bigint * 7919) % 1000000000)::text, 9, '0')`
    : sql`null`;
  const status = incompleteEvery
    ? sql`case when n % ${incompleteEvery} = 0 then 'incomplete' else 'complete' end`
    : sql`'complete'`;
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments)
    insert into patients (establishment_id, first_name, last_name, dob, pub_insurance_details, status)
    select e.ids[1 + n % ${establishments}],
           -- Hashed, not n-based: with n deciding the establishment too, an establishment's patients would
           -- all share one name whenever a list's length divides the number of establishments.
           (${textArray(FIRST_NAMES)})[1 + abs(hashtext('first ' || n)) % ${FIRST_NAMES.length}],
           (${textArray(LAST_NAMES)})[1 + abs(hashtext('last ' || n)) % ${LAST_NAMES.length}],
           date '1930-01-01' + (n * 37) % 30000, ${medicareNumber}, ${status}
    from generate_series(1, ${patients}) as n, e`);
}

/** A GP at the first establishment by name, with `employment`'s grants, who signs in with BENCH_PASSWORD. */
export async function createBenchGp(
  db: Database,
  email: string,
  employment: BenchEmployment,
): Promise<string> {
  const [first] = await queryRows<{ id: string }>(
    db,
    sql`select id from establishments order by name limit 1`,
  );
  return createBenchUser(db, { email, role: 'GP', establishmentId: first?.id ?? '', employment });
}

/** What a bench user's approved employment grants besides its defaults (createEmployment). */
export type BenchEmployment = Omit<Parameters<typeof createEmployment>[1], 'user_id' | 'establishment_id'>;

/** A user with `role`, employed at `establishmentId` with `employment`'s grants, who signs in with BENCH_PASSWORD. */
export async function createBenchUser(
  db: Database,
  user: { email: string; role: string; establishmentId: string; employment: BenchEmployment },
): Promise<string> {
  const { email, role, establishmentId, employment } = user;
  const created = await createUser(db, { email, role, password_hash: await hashPassword(BENCH_PASSWORD) });
  await createEmployment(db, { ...employment, user_id: created.id, establishment_id: establishmentId });
  return email;
}

/** The first three letters of a last name of the demo lists, lower-cased: a search word of the i-th request. */
export function namePrefix(i: number): string {
  return (LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'a').slice(0, 3).toLowerCase();
}
