// Times the query behind an inbox page (one establishment's submitted referrals, newest first, 10 a page)
// over a large referrals table, on embedded PGlite or on BENCH_DATABASE_URL. Prints figures; asserts nothing.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/database.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';

const referralCount = Number(process.env.BENCH_REFERRALS ?? 200_000);
const establishmentCount = 200;
const runs = 200;

const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
try {
  await migrateDatabase(database);
  const db = database.db;
  await db.execute(sql`truncate referrals, establishments restart identity cascade`);
  let started = performance.now();
  await db.execute(sql`
    insert into establishments (name, type, is_approved)
    select 'Establishment ' || n, case when n % 3 = 0 then 'CL' else 'PR' end, true
    from generate_series(1, ${establishmentCount}) as n`);
  await db.execute(sql`
    with e as (select array_agg(id) as ids from establishments)
    insert into referrals (type, status, from_establishment_id, to_establishment_id, submitted_at)
    select 'IN-APP',
           (array['SBMT','VWD','ACPT','SCHDL','WLST','RTRN','DRFT'])[1 + n % 7],
           e.ids[1 + (n * 7) % ${establishmentCount}],
           e.ids[1 + n % ${establishmentCount}],
           now() - (n || ' minutes')::interval
    from generate_series(1, ${referralCount}) as n, e`);
  await db.execute(sql`analyze referrals`);
  console.log(
    `generated ${referralCount.toLocaleString()} referrals in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );

  const [target] = await queryRows<{ id: string }>(
    db,
    sql`select id from establishments order by name limit 1`,
  );
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const page = i % 20;
    started = performance.now();
    await queryRows(
      db,
      sql`select id, status, submitted_at from referrals
          where to_establishment_id = ${target?.id} and status = 'SBMT'
          order by submitted_at desc limit 10 offset ${page * 10}`,
    );
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(2);
  console.log(
    `inbox page (10 of one establishment's submitted referrals): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${runs} runs`,
  );
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain select id from referrals where to_establishment_id = ${target?.id} and status = 'SBMT' order by submitted_at desc limit 10`,
  );
  console.log(`plan: ${plan.map((r) => r['QUERY PLAN'].trim()).join(' | ')}`);
} finally {
  await database.close();
}
