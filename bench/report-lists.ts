// Reports lists (GET reports/) over 200,000 clinical reports on 400,000 referrals between 200 establishments,
// so that an establishment's reports inbox holds about 1,000 (as an inbox of bench/referral-lists.ts holds
// 1,000 referrals), two ways, each with 10 concurrent clients: bare (the module's one statement, listReports,
// run through the database pool in this process, audit rows included) and over HTTP (the real server on a
// port, signed in, with its access checks). Cases: (a) the inbox's `all` list, pages 1 to 3; (b) a
// patient-name search of the inbox. Prints p50, p99 and requests per second of each, the ratio, the CPU time
// per request (this process, the server, the machine) and, on PostgreSQL, the plan of each statement as
// prepared; checks that both ways find the same totals, and nothing about speed (compareBareAndHttp).
//
// On embedded PGlite by default (BENCH_REPORTS makes it smaller), with the server in this process; on
// PostgreSQL with BENCH_DATABASE_URL, where it creates a database of its own beside the one named and drops
// it afterwards (BENCH_KEEP=1 keeps it), and runs the server in a process of its own.
import { sql } from 'drizzle-orm';
import { ReportListQuerySchema } from '@referrals/domain/reports/report-schemas';
import { queryRows, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { listReports } from '../apps/server/src/modules/reports/list-reports.ts';
import { loadWithoutVisibilityTriggers, settleAfterLoad } from './bench-support.ts';
import { createBenchGp, insertEstablishmentsAndPatients, namePrefix, runListBench } from './list-bench.ts';

const reportCount = Number(process.env.BENCH_REPORTS ?? 200_000);
const referralCount = reportCount * 2;
const patientCount = Math.max(1_000, Math.round(referralCount / 5));
const establishmentCount = 200;

await runListBench({
  prefix: 'bench_report_lists',
  generate,
  title: 'reports list',
  path: '/api/reports/',
  cases: [
    {
      name: '(a) inbox all list, pages 1-3',
      params: (i) => ({ box: 'inbox', page: String(1 + (i % 3)) }),
    },
    {
      name: '(b) inbox patient-name search (3-letter prefix)',
      params: (i) => ({ box: 'inbox', search: namePrefix(i) }),
    },
  ],
  clients: 10,
  count: Number(process.env.BENCH_RUNS ?? 2_000),
  list: (db, who, params) => listReports(db, { ...who, query: ReportListQuerySchema.parse(params) }),
});

/**
 * 200 establishments, patients with names from the demo lists, 400,000 referrals between them in the
 * statuses a report can be written in (and some recalled or returned since), and a report on every other
 * one: a tenth drafts, the rest submitted, viewed or reviewed, with the referral's establishments copied as
 * the module writes them; and a GP with shared outbox access at the first establishment, whose reports inbox
 * holds the reports on everything it sent. Returns the GP's email.
 */
async function generate(database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const started = performance.now();
  await loadWithoutVisibilityTriggers(database, async () => {
    await insertEstablishmentsAndPatients(db, establishmentCount, patientCount);
    await db.execute(sql`
      with e as (select array_agg(id order by name) as ids from establishments),
           p as (select array_agg(id) as ids from patients),
           s as (select n, (array['SBMT','VWD','UPDT','ACPT','WLST','SCHDL','SCHDL','ACPT','RTRN','DRFT'])[1 + abs(hashtext('s' || n)) % 10] as status
                 from generate_series(1, ${referralCount}) as n)
      insert into referrals (type, status, is_recalled, patient_id, from_establishment_id, to_establishment_id,
        submitted_at)
      select 'IN-APP', s.status, s.status = 'DRFT', p.ids[1 + abs(hashtext('p' || s.n)) % ${patientCount}],
             e.ids[1 + (s.n + 1 + s.n % 197) % ${establishmentCount}], e.ids[1 + s.n % ${establishmentCount}],
             now() - (s.n || ' seconds')::interval
      from s, e, p`);
  });
  // A report on every other referral, in the order they were submitted.
  await db.execute(sql`
    with numbered as (
      select r.*, row_number() over (order by r.submitted_at desc, r.id) as n from referrals r)
    insert into reports (referral_id, status, title, recipients, author_establishment_id,
      recipient_establishment_id, submitted_at, viewed_at, reviewed_at, recipient_unread, author_unread)
    select f.id, x.status, 'Report', '[{"type": "referrer"}]'::jsonb, f.to_establishment_id,
           f.from_establishment_id,
           case when x.status <> 'DRFT' then f.submitted_at + interval '3 days' end,
           case when x.status in ('VWD', 'RVWD') then f.submitted_at + interval '4 days' end,
           case when x.status = 'RVWD' then f.submitted_at + interval '5 days' end,
           x.status = 'SBMT', x.status = 'RVWD' and f.n % 3 = 0
    from numbered f
    cross join lateral (select (array['DRFT','SBMT','SBMT','SBMT','VWD','VWD','VWD','RVWD','RVWD','RVWD'])[1 + abs(hashtext('r' || f.n)) % 10] as status) x
    where f.n % 2 = 0 and f.n <= ${reportCount * 2}`);
  const email = await createBenchGp(db, 'bench.reports.gp@bench.example', {
    permissions: ['accept_referral', 'add_referral', 'manage_referral'],
    has_shared_outbox_access: true,
  });
  await settleAfterLoad(database, ['establishments', 'patients', 'referrals', 'visible_patients', 'reports']);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reports`);
  console.log(
    `generated ${counted?.n.toLocaleString()} reports on ${referralCount.toLocaleString()} referrals, ${patientCount.toLocaleString()} patients, ${establishmentCount} establishments in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );
  return email;
}
