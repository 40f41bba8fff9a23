// Times what every signed-in API call pays: verifying the access token, checking its session for
// inactivity, and here loading the profile. In-process (inject) on embedded PGlite or BENCH_DATABASE_URL.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openRuntimeDatabase } from '../apps/server/src/db/runtime-role.ts';
import { isDatabaseEmpty, seedDemoData } from '../apps/server/src/db/seed/demo-seed.ts';
import { SignInClient } from '../apps/server/test/sign-in-client.ts';

const runs = Number(process.env.BENCH_RUNS ?? 500);
const config = loadConfig({
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://referrals.bench',
  DEMO_PASSWORD: 'bench-password',
});
const owner = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
await migrateDatabase(owner);
if (await isDatabaseEmpty(owner.db)) await seedDemoData(owner.db, { demoPassword: 'bench-password' });
// The server works as its runtime role, as in production.
const database = await openRuntimeDatabase(owner);
const app = await buildApp(config, { database });
try {
  let started = performance.now();
  const token = await new SignInClient(app).signIn('gp@demo.test', 'bench-password');
  console.log(
    `full sign-in (discovery, PKCE authorize, login form with argon2id, code exchange): ${(performance.now() - started).toFixed(0)} ms`,
  );
  const accessToken = String(token.json<{ access_token: string }>().access_token);

  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    timings.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`profile answered ${res.statusCode}`);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(2);
  console.log(
    `GET /api/profile/ signed in (${database.kind}): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${runs} calls`,
  );
} finally {
  await app.close();
  await database.close();
  if (owner !== database) await owner.close();
}
