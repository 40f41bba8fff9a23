// Referral lists (GET referrals/) over 1,000,000 referrals (BENCH_REFERRALS) between 1,000 establishments,
// two ways, each with 10 concurrent clients: bare (the module's one statement, listReferrals, run through
// the database pool in this process, audit rows included) and over HTTP (the real server on a port, signed
// in, with its access checks). Cases: (a) the inbox `new` list, pages 1 to 3; (b) a patient-name search of
// the inbox. Prints p50, p99 and requests per second of each, the ratio, the CPU time per request (this
// process, the server, the machine) and the plans of the inbox page and of the search (on PostgreSQL, the
// prepared statement's own, through auto_explain); checks that both ways find the same totals, and nothing
// about speed (compareBareAndHttp).
//
// On embedded PGlite by default (slow to generate; BENCH_REFERRALS makes it smaller), with the server in
// this process; on PostgreSQL with BENCH_DATABASE_URL, where it creates a database of its own beside the
// one named and drops it afterwards (BENCH_KEEP=1 keeps it; BENCH_REUSE=<its name> measures it again
// without generating it), and runs the server in a process of its own. The figures at 1,000,000 and
// 5,000,000 referrals are in docs/referrals.md, Lists.
import { sql } from 'drizzle-orm';
import { ReferralListQuerySchema } from '@referrals/domain/referrals/referral-list-schemas';
import { queryRows, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { listReferrals } from '../apps/server/src/modules/referrals/lists/list-referrals.ts';
import { describeLoad, loadReferrals, settleAfterLoad } from './bench-support.ts';
import { createBenchGp, insertEstablishmentsAndPatients, namePrefix, runListBench } from './list-bench.ts';

const referralCount = Number(process.env.BENCH_REFERRALS ?? 1_000_000);
const patientCount = Math.max(1_000, Math.round(referralCount / 5));
const establishmentCount = 1_000;

await runListBench({
  prefix: 'bench_referral_lists',
  generate,
  title: 'referral list',
  path: '/api/referrals/',
  cases: [
    {
      name: '(a) inbox new list, pages 1-3',
      params: (i) => ({ box: 'inbox', list: 'new', page: String(1 + (i % 3)) }),
    },
    {
      name: '(b) inbox patient-name search (3-letter prefix)',
      params: (i) => ({ box: 'inbox', search: namePrefix(i) }),
    },
  ],
  clients: 10,
  count: Number(process.env.BENCH_RUNS ?? 2_000),
  list: (db, who, params) => listReferrals(db, { ...who, query: ReferralListQuerySchema.parse(params) }),
  after: (owner, { caller }) => explainInbox(owner, caller.current?.establishment.id ?? ''),
});

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
 * 1,000 establishments, patients with names from the demo lists, BENCH_REFERRALS referrals between them in
 * every status (with some archived, trashed and unread per side), in set-based statements; and a GP
 * (shared inbox access by role) at the first establishment; returns the GP's email.
 */
async function generate(database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const started = performance.now();
  // The patient-name search of a list reads visible_patients, which loadReferrals fills once after the load.
  const phases = await loadReferrals(database, async () => {
    await insertEstablishmentsAndPatients(db, establishmentCount, patientCount);
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
  });
  const email = await createBenchGp(db, 'bench.lists.gp@bench.example', {
    permissions: ['accept_referral', 'add_referral', 'manage_referral'],
  });
  const settling = performance.now();
  await settleAfterLoad(database, ['establishments', 'patients', 'referrals', 'visible_patients']);
  const seconds = (from: number, to = performance.now()) => ((to - from) / 1000).toFixed(1);
  console.log(
    `generated ${referralCount.toLocaleString()} referrals, ${patientCount.toLocaleString()} patients, ${establishmentCount} establishments in ${seconds(started)} s (${database.kind}; ${describeLoad(phases)}, vacuum and analyze ${seconds(settling)} s)`,
  );
  return email;
}
