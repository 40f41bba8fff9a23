import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig, type Config } from './config.ts';
import { migrateDatabase } from './db/migrate.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { openRuntimeDatabase } from './db/runtime-role.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts.ts';
import { isDatabaseEmpty, seedDemoData } from './db/seed/demo-seed.ts';
import { intakeAddress } from '@referrals/domain/imports/intake-address';

// Both src/main.ts (tsx) and dist/main.js (bundle) sit one level below apps/server.
const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
/**
 * How long SIGTERM waits for requests and jobs in flight before the process exits anyway (code 1). The job
 * runner gives a job still running its lease back after its own, shorter wait (DEFAULT_JOB_RUNNER_SETTINGS
 * .stopGraceMs), so that happens before this. An orchestrator's grace (Kubernetes' 30 s) must be longer.
 */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  const owner = await openConfiguredDatabase(config, (error) =>
    console.error(`database connection lost (${error.message}); the pool will reconnect`),
  );
  await migrateDatabase(owner);
  const seeded = config.seedDemoData && (await isDatabaseEmpty(owner.db));
  if (seeded) await seedDemoData(owner.db, { demoPassword: config.demoPassword });
  // Migrations ran as the owner; the server itself works as the runtime role (docs/security.md).
  const database = await openRuntimeDatabase(owner);
  if (database !== owner) await owner.close();

  const app = await buildApp({ ...config, webDist: config.webDist ?? DEFAULT_WEB_DIST }, { database });
  app.addHook('onClose', () => database.close());
  await app.listen({ port: config.port, host: config.host });
  printBanner(config, { database: database.kind, files: app.storage.description, seeded });

  let closing = false;
  // The app stops listening at once, answers the requests in flight (each with Connection: close), lets
  // the job runner finish or give back its job, then the pool closes (docs/ARCHITECTURE.md, Shutting down).
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    // A stuck request does not hold the process past the grace period.
    setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown grace over; exiting with work unfinished');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function printBanner(config: Config, where: { database: string; files: string; seeded: boolean }): void {
  const password =
    config.demoPassword === DEFAULT_DEMO_PASSWORD ? config.demoPassword : 'the value of DEMO_PASSWORD';
  const lines = [
    '',
    `  Referrals is running at ${config.publicUrl}`,
    `  API docs: ${config.publicUrl}/api/docs    Health: ${config.publicUrl}/api/health`,
    `  Database: ${where.database === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}${where.seeded ? ', demo data seeded' : ''}`,
    `  Files: ${where.files}`,
    ...intakeLines(config),
    '',
    `  Demo sign-ins (password: ${password}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(22)} ${a.who}`),
    '',
  ];
  console.log(lines.join('\n'));
}

/** Where referrals can be mailed to, when the inbound mail is on (docs/import-queue.md). */
function intakeLines(config: Config): string[] {
  const intake = config.inboundMail;
  if (!intake) return [];
  return [
    `  Referral mail: referrals+{establishment slug}@${intake.domain} by SMTP on ${intake.host}:${String(intake.port)}`,
    `    (the demo clinic: ${intakeAddress('north-shore-heart-clinic', intake.domain)}; npm run mail:sample sends one)`,
  ];
}

main().catch((error: unknown) => {
  console.error('Referrals could not start:', error);
  process.exit(1);
});
