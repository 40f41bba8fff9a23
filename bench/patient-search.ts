// Times patient keyword search (GET patients/) through the module's own query (listPatients: visibility,
// prefix conditions, count and one page of 10) over 200,000 patients, on embedded PGlite, or on PostgreSQL
// with BENCH_DATABASE_URL (or DATABASE_URL / TEST_DATABASE_URL). Prints figures; asserts nothing. On a
// PostgreSQL server it adds its own rows and removes them afterwards.
import { sql } from 'drizzle-orm';
import { PatientListQuerySchema } from '@referrals/domain/patients/patient-schemas';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/database.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/factories/sample-data.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { listPatients, patientListCondition } from '../apps/server/src/modules/patients/patient-queries.ts';
import { loadCaller } from '../apps/server/src/modules/tenancy/caller.ts';

const patientCount = Number(process.env.BENCH_PATIENTS ?? 200_000);
const establishmentCount = 100;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const tag = `bench-patients-${Date.now().toString(36)}`;

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// Generating and removing 200,000 rows takes longer than the server's 15-second statement limit.
const database = await openDatabase({ url, statementTimeoutMs: 300_000 });
const db = database.db;
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

try {
  await migrateDatabase(database);
  let started = performance.now();
  await db.execute(sql`
    insert into establishments (name, type, is_approved)
    select ${tag} || ' ' || n, 'PR', true from generate_series(1, ${establishmentCount}) as n`);
  // Names from the demo data's lists, Medicare-like numbers, an MRN at the owner for every second patient,
  // and referrals between establishments so that visibility has all three branches to walk.
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments where name like ${`${tag} %`})
    insert into patients (establishment_id, first_name, last_name, dob, pub_insurance_details, status)
    select e.ids[1 + n % ${establishmentCount}],
           (${textArray(FIRST_NAMES)})[1 + (n * 7) % ${FIRST_NAMES.length}],
           (${textArray(LAST_NAMES)})[1 + (n * 13) % ${LAST_NAMES.length}],
           date '1930-01-01' + (n * 37) % 30000,
           (2 + n % 5)::text || lpad(((n::bigint * 7919) % 1000000000)::text, 9, '0'),
           case when n % 50 = 0 then 'incomplete' else 'complete' end
    from generate_series(1, ${patientCount}) as n, e`);
  await db.execute(sql`
    insert into patient_mrns (patient_id, establishment_id, number)
    select id, establishment_id, 'MRN' || lpad((row_number() over (order by id))::text, 7, '0')
    from patients p where p.establishment_id in (select id from establishments where name like ${`${tag} %`})
      and right(p.id::text, 1) in ('0','2','4','6','8','a','c','e')`);
  await db.execute(sql`
    with e as (select array_agg(id order by name) as ids from establishments where name like ${`${tag} %`}),
         sample as (select id, establishment_id, row_number() over (order by id) as n from patients
                    where establishment_id = any((select ids from e)::uuid[]) limit 20000)
    insert into referrals (type, status, patient_id, from_establishment_id, to_establishment_id, submitted_at)
    select 'IN-APP', 'SBMT', s.id, s.establishment_id, e.ids[1 + (s.n * 3) % ${establishmentCount}], now()
    from sample s, e`);
  await db.execute(sql`analyze patients`);
  await db.execute(sql`analyze patient_mrns`);
  await db.execute(sql`analyze referrals`);
  console.log(
    `generated ${patientCount.toLocaleString()} patients in ${establishmentCount} establishments in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const [place] = await queryRows<{ id: string }>(
    db,
    sql`select id from establishments where name = ${`${tag} 1`}`,
  );
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (email, first_name, last_name, role, registration_completed)
        values (${`${tag}@bench.example`}, 'Bench', 'Caller', 'GP', true) returning id`,
  );
  await db.execute(sql`
    insert into employments (user_id, establishment_id, priority, status, is_verified_employee)
    values (${user?.id}, ${place?.id}, 1, 'APPROVED', true)`);
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const caller = await loadCaller(db, user?.id ?? '', config.flags);
  if (!caller) throw new Error('bench caller not found');
  const [visible] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from patients where ${patientListCondition(caller, PatientListQuerySchema.parse({ status: 'all' }))}`,
  );
  console.log(`the caller's establishment sees ${visible?.n.toLocaleString()} patients`);

  const [mrn] = await queryRows<{ number: string }>(
    db,
    sql`select number from patient_mrns where establishment_id = ${place?.id} order by number limit 1 offset 100`,
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
  for (const { name, keyword } of cases) {
    const timings: number[] = [];
    let found = 0;
    for (let i = 0; i < runs; i++) {
      const query = PatientListQuerySchema.parse({ keyword: keyword(i), page: String(1 + (i % 3)) });
      started = performance.now();
      const page = await listPatients(db, caller, query);
      timings.push(performance.now() - started);
      found += page.count;
    }
    timings.sort((a, b) => a - b);
    const at = (q: number) =>
      timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(2);
    console.log(
      `patient search, ${name}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms over ${runs} searches (count + page of 10; ${Math.round(found / runs)} matches on average)`,
    );
  }
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain select id from patients where ${patientListCondition(caller, PatientListQuerySchema.parse({ keyword: 'smi jo' }))} order by last_name, first_name, id limit 10`,
  );
  console.log(`plan (two words): ${plan.map((r) => r['QUERY PLAN'].trim()).join(' | ')}`);
} finally {
  if (url) {
    // A shared server keeps only what it had: remove this run's rows.
    const ours = sql`(select id from establishments where name like ${`${tag} %`})`;
    await db.execute(sql`delete from referrals where from_establishment_id in ${ours}`);
    await db.execute(sql`delete from patient_mrns where establishment_id in ${ours}`);
    await db.execute(sql`delete from patients where establishment_id in ${ours}`);
    await db.execute(sql`delete from employments where establishment_id in ${ours}`);
    await db.execute(sql`delete from users where email = ${`${tag}@bench.example`}`);
    await db.execute(sql`delete from establishments where name like ${`${tag} %`}`);
  }
  await database.close();
}
