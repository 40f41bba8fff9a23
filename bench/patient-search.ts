// Patient keyword search (GET patients/) over 200,000 patients in 100 establishments, two ways, each with
// 10 concurrent clients: bare (the module's one statement, listPatients with its audit rows, run through
// the database pool in this process) and over HTTP (the real server on a port, signed in, with its access
// checks). Prints p50, p99 and requests per second of each, the ratio, and the CPU time per request of this
// process, of the server and of the whole machine, and the plans (on PostgreSQL, each case's statement as
// the server prepares it); checks that both ways find the same totals, and nothing about speed
// (compareBareAndHttp).
//
// On embedded PGlite (one query at a time) by default, with the server in this process; on PostgreSQL
// with BENCH_DATABASE_URL, where it creates a database of its own beside the one named (and drops it and
// its runtime role afterwards; BENCH_KEEP=1 keeps them) and runs the server in a process of its own
// (runListBench). BENCH_PATIENTS and BENCH_RUNS make it smaller.
import { sql } from 'drizzle-orm';
import { PatientListQuerySchema } from '@referrals/domain/patients/patient-schemas';
import { queryRows, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/factories/sample-data.ts';
import { listPatients } from '../apps/server/src/modules/patients/patient-queries.ts';
import { loadWithoutVisibilityTriggers, settleAfterLoad } from './bench-support.ts';
import { createBenchGp, insertEstablishmentsAndPatients, runListBench } from './list-bench.ts';

const patientCount = Number(process.env.BENCH_PATIENTS ?? 200_000);
const establishmentCount = 100;

// An MRN of the caller's establishment, whose prefixes the MRN case searches for: known once generated.
let sampleMrn = 'MRN';

const prefix = (name: string, length: number) => name.slice(0, length).toLowerCase();
const searches: { name: string; keyword: (i: number) => string }[] = [
  {
    name: 'one word (3-letter name prefix)',
    keyword: (i) => prefix(LAST_NAMES[i % LAST_NAMES.length] ?? 'a', 3),
  },
  {
    name: 'two words (first and last name prefixes)',
    keyword: (i) =>
      `${prefix(FIRST_NAMES[i % FIRST_NAMES.length] ?? 'a', 2)} ${prefix(LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'a', 4)}`,
  },
  { name: 'MRN prefix', keyword: (i) => sampleMrn.slice(0, 6 + (i % 3)).toLowerCase() },
  { name: 'one letter (worst case)', keyword: (i) => 'abcdefghjklmnoprstw'[i % 19] ?? 'a' },
];

await runListBench({
  prefix: 'bench_patients',
  generate,
  title: 'patient search',
  unit: 'searches',
  path: '/api/patients/',
  cases: searches.map(({ name, keyword }) => ({
    name,
    params: (i) => ({ keyword: keyword(i), page: String(1 + (i % 3)) }),
  })),
  clients: 10,
  count: Number(process.env.BENCH_RUNS ?? 2_000),
  // The statement the server runs writes the page's audit rows: the bare run writes them too.
  list: (db, { caller, actor }, params) =>
    listPatients(db, caller, PatientListQuerySchema.parse(params), actor),
  after: (owner, { caller }) => explainTwoWords(owner, caller.current?.establishment.id ?? ''),
});

/** The plan of a two-word search of visible_patients, as a hand-written statement (PGlite has no other). */
async function explainTwoWords(database: DatabaseHandle, establishmentId: string) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql.raw(`explain select v.patient_id from visible_patients v
      where v.establishment_id = '${establishmentId}'
        and (v.last_name_key like 'smi%' or v.first_name_key like 'smi%' or v.pub_insurance_details like 'smi%')
        and (v.last_name_key like 'jo%' or v.first_name_key like 'jo%' or v.pub_insurance_details like 'jo%')
      order by v.last_name_key, v.first_name_key, v.patient_id limit 10`),
  );
  console.log(`plan (two words): ${plan.map((r) => r['QUERY PLAN'].trim()).join(' | ')}`);
}

/**
 * Establishments, patients with names from the demo data's lists and Medicare-like numbers, an MRN at the
 * owner for every second patient, referrals between establishments (so visibility has all three reasons),
 * and a GP with an approved employment at the first establishment; returns the GP's email.
 */
async function generate(database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const started = performance.now();
  await loadWithoutVisibilityTriggers(database, async () => {
    // 49 is prime to the number of establishments: every establishment has a few incomplete records.
    await insertEstablishmentsAndPatients(db, establishmentCount, patientCount, {
      medicare: true,
      incompleteEvery: 49,
    });
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
  });
  const email = await createBenchGp(db, 'bench.gp@bench.example', {});
  await settleAfterLoad(database, ['patients', 'patient_mrns', 'referrals', 'visible_patients']);
  console.log(
    `generated ${patientCount.toLocaleString()} patients in ${establishmentCount} establishments in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );
  // The GP's establishment is the first by name (createBenchGp).
  const first = sql`(select id from establishments order by name limit 1)`;
  const [visible] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from visible_patients where establishment_id = ${first}`,
  );
  console.log(`the caller's establishment sees ${visible?.n.toLocaleString()} patients`);
  const [mrn] = await queryRows<{ number: string }>(
    db,
    sql`select number from patient_mrns where establishment_id = ${first} order by number limit 1 offset 100`,
  );
  sampleMrn = mrn?.number ?? sampleMrn;
  return email;
}
