// Patient keyword search (GET patients/) over 200,000 patients in 100 establishments, two ways, each with
// 10 concurrent clients: bare (the module's one statement, listPatients with its audit rows, run through
// the database pool in this process) and over HTTP (the real server on a port, signed in, with its access
// checks). Prints p50, p99 and requests per second of each, the ratio, and the CPU time per request of this
// process, of the server and of the whole machine; checks that both ways find the
// same totals, and nothing about speed (compareBareAndHttp).
//
// On embedded PGlite (one query at a time) by default, with the server in this process; on PostgreSQL
// with BENCH_DATABASE_URL, where it creates a database of its own beside the one named (and drops it and
// its runtime role afterwards) and runs the server in a process of its own (serveOverHttp).
import { sql } from 'drizzle-orm';
import { PatientListQuerySchema } from '@referrals/domain/patients/patient-schemas';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { createEmployment, createUser } from '../apps/server/src/db/factories/factories.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/factories/sample-data.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openRuntimeDatabase, runtimeRoleName } from '../apps/server/src/db/runtime-role.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { listPatients } from '../apps/server/src/modules/patients/patient-queries.ts';
import { loadCaller } from '../apps/server/src/modules/tenancy/caller.ts';
import { SignInClient } from '../apps/server/test/sign-in-client.ts';
import {
  createBenchDatabase,
  dropBenchDatabase,
  settleAfterLoad,
  compareBareAndHttp,
  describeCase,
  serveOverHttp,
} from './bench-support.ts';

const patientCount = Number(process.env.BENCH_PATIENTS ?? 200_000);
const establishmentCount = 100;
const clients = 10;
const searchesPerCase = Number(process.env.BENCH_RUNS ?? 2_000);
const password = 'bench-password';

const serverUrl = process.env.BENCH_DATABASE_URL;
const benchUrl = serverUrl ? await createBenchDatabase(serverUrl, 'bench_patients') : undefined;
// Generating 200,000 rows takes longer than the server's 15-second statement limit.
const owner = await openDatabase({ url: benchUrl, statementTimeoutMs: 600_000 });
let runtime: DatabaseHandle | undefined;
try {
  await migrateDatabase(owner);
  const email = await generate(owner);
  runtime = await openRuntimeDatabase(owner);
  const serverEnv = { LOG_LEVEL: 'silent', DEMO_PASSWORD: password, PUBLIC_URL: 'http://referrals.bench' };
  const config = loadConfig(serverEnv);
  // `app` signs the bench's user in here; the HTTP half reaches `server`.
  const app = await buildApp(config, { database: runtime });
  const server = await serveOverHttp(app, benchUrl, serverEnv);
  try {
    const signIn = await new SignInClient(app).signIn(email, password);
    const token = String(signIn.json<{ access_token: string }>().access_token);
    const [user] = await queryRows<{ id: string }>(
      owner.db,
      sql`select id from users where email = ${email}`,
    );
    const caller = await loadCaller(runtime.db, user?.id ?? '', config.flags);
    if (!caller) throw new Error('bench caller not found');
    // The statement the server runs writes the page's audit rows: the bare run writes them too.
    const actor = {
      actorId: caller.userId,
      establishmentId: caller.current?.establishment.id ?? null,
      ip: null,
      requestId: null,
    };
    const [visible] = await queryRows<{ n: number }>(
      owner.db,
      sql`select count(*)::int as n from visible_patients where establishment_id = ${caller.current?.establishment.id}`,
    );
    console.log(`the caller's establishment sees ${visible?.n.toLocaleString()} patients`);

    const [mrn] = await queryRows<{ number: string }>(
      owner.db,
      sql`select number from patient_mrns where establishment_id = ${caller.current?.establishment.id}
          order by number limit 1 offset 100`,
    );
    const prefix = (name: string, length: number) => name.slice(0, length).toLowerCase();
    const cases: { name: string; keyword: (i: number) => string }[] = [
      {
        name: 'one word (3-letter name prefix)',
        keyword: (i) => prefix(LAST_NAMES[i % LAST_NAMES.length] ?? 'a', 3),
      },
      {
        name: 'two words (first and last name prefixes)',
        keyword: (i) =>
          `${prefix(FIRST_NAMES[i % FIRST_NAMES.length] ?? 'a', 2)} ${prefix(LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'a', 4)}`,
      },
      { name: 'MRN prefix', keyword: (i) => (mrn?.number ?? 'MRN').slice(0, 6 + (i % 3)).toLowerCase() },
      { name: 'one letter (worst case)', keyword: (i) => 'abcdefghjklmnoprstw'[i % 19] ?? 'a' },
    ];
    const page = (i: number) => String(1 + (i % 3));
    for (const { name, keyword } of cases) {
      const { bare, http } = await compareBareAndHttp({
        clients,
        count: searchesPerCase,
        bare: async (i) => {
          const query = PatientListQuerySchema.parse({ keyword: keyword(i), page: page(i) });
          return (await listPatients(runtime!.db, caller, query, actor)).count;
        },
        path: (i) =>
          `/api/patients/?${new URLSearchParams({ keyword: keyword(i), page: page(i) }).toString()}`,
        token,
        server,
      });
      console.log(
        describeCase(
          `patient search, ${name} (${runtime.kind}, ${clients} clients, ${bare.found} matches on average)`,
          'searches',
          bare,
          http,
        ),
      );
    }
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      owner.db,
      sql.raw(`explain select v.patient_id from visible_patients v
        where v.establishment_id = '${caller.current?.establishment.id}'
          and (v.last_name_key like 'smi%' or v.first_name_key like 'smi%' or v.pub_insurance_details like 'smi%')
          and (v.last_name_key like 'jo%' or v.first_name_key like 'jo%' or v.pub_insurance_details like 'jo%')
        order by v.last_name_key, v.first_name_key, v.patient_id limit 10`),
    );
    console.log(`plan (two words): ${plan.map((r) => r['QUERY PLAN'].trim()).join(' | ')}`);
  } finally {
    await server.stop();
    await app.close();
  }
} finally {
  const role = serverUrl ? await runtimeRoleName(owner.db) : undefined;
  if (runtime && runtime !== owner) await runtime.close();
  await owner.close();
  if (serverUrl && benchUrl) await dropBenchDatabase(serverUrl, benchUrl, role);
}

/**
 * Establishments, patients with names from the demo data's lists and Medicare-like numbers, an MRN at the
 * owner for every second patient, referrals between establishments (so visibility has all three reasons),
 * and a GP with an approved employment at the first establishment; returns the GP's email.
 */
async function generate(database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const textArray = (values: readonly string[]) =>
    sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
  const started = performance.now();
  // A bulk load sets visibility's row triggers aside and fills visible_patients in one statement at the
  // end, as migration 0010 does; one refresh per inserted row would take minutes.
  const followers = { patients: 'patients', patient_mrns: 'mrns', referrals: 'referrals' };
  const triggers = async (state: 'disable' | 'enable') => {
    for (const [table, name] of Object.entries(followers))
      await db.execute(sql.raw(`alter table ${table} ${state} trigger visible_patients_follow_${name}`));
  };
  await triggers('disable');
  await db.execute(sql`
    insert into establishments (name, type, is_approved)
    select 'Bench establishment ' || lpad(n::text, 3, '0'), 'PR', true
    from generate_series(1, ${establishmentCount}) as n`);
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments)
    insert into patients (establishment_id, first_name, last_name, dob, pub_insurance_details, status)
    select e.ids[1 + n % ${establishmentCount}],
           -- Hashed, not n-based: with n deciding the establishment too, an establishment's patients would
           -- all share one name whenever a list's length divides the number of establishments.
           (${textArray(FIRST_NAMES)})[1 + abs(hashtext('first ' || n)) % ${FIRST_NAMES.length}],
           (${textArray(LAST_NAMES)})[1 + abs(hashtext('last ' || n)) % ${LAST_NAMES.length}],
           date '1930-01-01' + (n * 37) % 30000,
           (2 + n % 5)::text || lpad(((n::bigint * 7919) % 1000000000)::text, 9, '0'),
           -- 49 is prime to the number of establishments: every establishment has a few incomplete records.
           case when n % 49 = 0 then 'incomplete' else 'complete' end
    from generate_series(1, ${patientCount}) as n, e`);
  await db.execute(sql`
    insert into patient_mrns (patient_id, establishment_id, number)
    select id, establishment_id, 'MRN' || lpad((row_number() over (order by id))::text, 7, '0')
    from patients p where right(p.id::text, 1) in ('0','2','4','6','8','a','c','e')`);
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments),
         sample as (select id, establishment_id, row_number() over (order by id) as n from patients limit 20000)
    insert into referrals (type, status, patient_id, from_establishment_id, to_establishment_id, submitted_at)
    select 'IN-APP', 'SBMT', s.id, s.establishment_id, e.ids[1 + (s.n * 3) % ${establishmentCount}], now()
    from sample s, e`);
  await db.execute(sql`insert into visible_patients select * from visible_patients_expected`);
  await triggers('enable');
  const email = 'bench.gp@bench.example';
  const gp = await createUser(db, { email, role: 'GP', password_hash: await hashPassword(password) });
  const [first] = await queryRows<{ id: string }>(
    db,
    sql`select id from establishments order by name limit 1`,
  );
  await createEmployment(db, { user_id: gp.id, establishment_id: first?.id ?? '' });
  await settleAfterLoad(database, ['patients', 'patient_mrns', 'referrals', 'visible_patients']);
  console.log(
    `generated ${patientCount.toLocaleString()} patients in ${establishmentCount} establishments in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );
  return email;
}
