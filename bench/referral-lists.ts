// Referral lists (GET referrals/) over 1,000,000 referrals between 1,000 establishments, two ways, each
// with 10 concurrent clients: bare (the module's one statement, listReferrals, run through the database
// pool in this process, audit rows included) and over HTTP (the real server on a port, signed in, with
// its access checks). Cases: (a) the inbox `new` list, pages 1 to 3; (b) a patient-name search of the
// inbox. Prints p50, p99 and requests per second of each, the ratio, the CPU time per request (this
// process, the server, the machine) and the plan of the inbox page; checks that both ways find the
// same totals, and nothing about speed (compareBareAndHttp).
//
// On embedded PGlite by default (slow to generate; BENCH_REFERRALS makes it smaller), with the server in
// this process; on PostgreSQL with BENCH_DATABASE_URL, where it creates a database of its own beside the
// one named and drops it afterwards (BENCH_KEEP=1 keeps it), and runs the server in a process of its own.
import { sql } from 'drizzle-orm';
import { ReferralListQuerySchema } from '@referrals/domain/referrals/referral-list-schemas';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { createEmployment, createUser } from '../apps/server/src/db/factories/factories.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/factories/sample-data.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openRuntimeDatabase, runtimeRoleName } from '../apps/server/src/db/runtime-role.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { listReferrals } from '../apps/server/src/modules/referrals/lists/list-referrals.ts';
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

const referralCount = Number(process.env.BENCH_REFERRALS ?? 1_000_000);
const patientCount = Math.max(1_000, Math.round(referralCount / 5));
const establishmentCount = 1_000;
const clients = 10;
const requestsPerCase = Number(process.env.BENCH_RUNS ?? 2_000);
const password = 'bench-password';

const serverUrl = process.env.BENCH_DATABASE_URL;
const benchUrl = serverUrl ? await createBenchDatabase(serverUrl, 'bench_referral_lists') : undefined;
const owner = await openDatabase({ url: benchUrl, statementTimeoutMs: 1_800_000 });
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
    if (!caller?.current) throw new Error('bench caller not found');
    const actor = {
      actorId: caller.userId,
      establishmentId: caller.current.establishment.id,
      ip: null,
      requestId: null,
    };

    const prefix = (i: number) => (LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'a').slice(0, 3).toLowerCase();
    const cases: { name: string; params: (i: number) => Record<string, string> }[] = [
      {
        name: '(a) inbox new list, pages 1-3',
        params: (i) => ({ box: 'inbox', list: 'new', page: String(1 + (i % 3)) }),
      },
      {
        name: '(b) inbox patient-name search (3-letter prefix)',
        params: (i) => ({ box: 'inbox', search: prefix(i) }),
      },
    ];
    for (const { name, params } of cases) {
      const { bare, http } = await compareBareAndHttp({
        clients,
        count: requestsPerCase,
        bare: async (i) => {
          const query = ReferralListQuerySchema.parse(params(i));
          return (await listReferrals(runtime!.db, { caller, actor, query })).count;
        },
        path: (i) => `/api/referrals/?${new URLSearchParams(params(i)).toString()}`,
        token,
        server,
      });
      console.log(
        describeCase(
          `referral list, ${name} (${runtime.kind}, ${clients} clients, ${bare.found} matches on average)`,
          'requests',
          bare,
          http,
        ),
      );
    }
    await explainInbox(owner, caller.current.establishment.id);
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

/** The plan of the statement behind an inbox `new` page, as the module writes it (no audit CTE). */
async function explainInbox(database: DatabaseHandle, establishmentId: string) {
  const branch = (status: string) => `(select r.id, r.submitted_at as k from referrals r
      where r.to_establishment_id = '${establishmentId}' and r.submitted_at is not null
        and not r.receiver_archived and not r.receiver_deleted and not r.is_deleted and r.status = '${status}'
      order by r.submitted_at desc nulls last, r.id asc limit 10)`;
  const count = `(select count(*) from referrals r where r.to_establishment_id = '${establishmentId}'
      and r.submitted_at is not null and not r.receiver_archived and not r.receiver_deleted
      and not r.is_deleted and r.status in ('SBMT', 'UPDT'))`;
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql.raw(`explain (analyze, buffers, costs off) with page as (
        select u.id, u.k from (${branch('SBMT')} union all ${branch('UPDT')}) u
        order by u.k desc nulls last, u.id asc limit 10)
      select r.id, p.last_name, ${count} as total from page join referrals r on r.id = page.id
        left join patients p on p.id = r.patient_id order by page.k desc nulls last, page.id asc`),
  );
  console.log(`plan of the inbox new page:\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
}

/**
 * 1,000 establishments, patients with names from the demo lists, 1,000,000 referrals between them in
 * every status (with some archived, trashed and unread per side), in set-based statements; and a GP
 * (shared inbox access by role) at the first establishment; returns the GP's email.
 */
async function generate(database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const textArray = (values: readonly string[]) =>
    sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
  const started = performance.now();
  // The visible_patients triggers would refresh one row per inserted referral; the lists do not read it.
  for (const [table, name] of Object.entries({ patients: 'patients', referrals: 'referrals' }))
    await db.execute(sql.raw(`alter table ${table} disable trigger visible_patients_follow_${name}`));
  await db.execute(sql`
    insert into establishments (name, type, is_approved)
    select 'Bench establishment ' || lpad(n::text, 4, '0'), case when n % 3 = 0 then 'CL' else 'PR' end, true
    from generate_series(1, ${establishmentCount}) as n`);
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments)
    insert into patients (establishment_id, first_name, last_name, dob, status)
    select e.ids[1 + n % ${establishmentCount}],
           (${textArray(FIRST_NAMES)})[1 + abs(hashtext('first ' || n)) % ${FIRST_NAMES.length}],
           (${textArray(LAST_NAMES)})[1 + abs(hashtext('last ' || n)) % ${LAST_NAMES.length}],
           date '1930-01-01' + (n * 37) % 30000, 'complete'
    from generate_series(1, ${patientCount}) as n, e`);
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments),
         p as (select array_agg(id) as ids from patients),
         s as (select n, (array['SBMT','VWD','ACPT','SCHDL','WLST','RTRN','UPDT','FWRD','DRFT'])[1 + abs(hashtext('s' || n)) % 9] as status,
                      abs(hashtext('flags ' || n)) as h
               from generate_series(1, ${referralCount}) as n)
    insert into referrals (type, status, patient_id, from_establishment_id, to_establishment_id, submitted_at,
      triage_category, receiver_unread, sender_unread, receiver_archived, sender_archived, receiver_deleted)
    select 'IN-APP', s.status, p.ids[1 + abs(hashtext('p' || s.n)) % ${patientCount}],
           e.ids[1 + (s.n + 1 + s.n % 997) % ${establishmentCount}], e.ids[1 + s.n % ${establishmentCount}],
           case when s.status = 'DRFT' then null else now() - (s.n || ' seconds')::interval end,
           case when s.status in ('ACPT', 'WLST') then 'CAT' || (1 + s.n % 3) end,
           s.status in ('SBMT', 'UPDT') and s.h % 2 = 0, s.h % 5 = 0, s.h % 20 = 1, s.h % 25 = 2, s.h % 50 = 3
    from s, e, p`);
  for (const [table, name] of Object.entries({ patients: 'patients', referrals: 'referrals' }))
    await db.execute(sql.raw(`alter table ${table} enable trigger visible_patients_follow_${name}`));
  const email = 'bench.lists.gp@bench.example';
  const gp = await createUser(db, { email, role: 'GP', password_hash: await hashPassword(password) });
  const [first] = await queryRows<{ id: string }>(
    db,
    sql`select id from establishments order by name limit 1`,
  );
  await createEmployment(db, {
    user_id: gp.id,
    establishment_id: first?.id ?? '',
    permissions: ['accept_referral', 'add_referral', 'manage_referral'],
  });
  await settleAfterLoad(database, ['establishments', 'patients', 'referrals']);
  console.log(
    `generated ${referralCount.toLocaleString()} referrals, ${patientCount.toLocaleString()} patients, ${establishmentCount} establishments in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );
  return email;
}
