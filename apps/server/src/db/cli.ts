import { ConfigError, loadConfig } from '../config.ts';
import { migrateDatabase } from './migrate.ts';
import { openConfiguredDatabase } from './open-configured.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/demo-seed.ts';

/** `npm run db:migrate` and `npm run db:seed` against the configured database. */
async function run(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') throw new Error('Usage: cli.ts migrate|seed');
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
    console.log('Migrations applied.');
    if (command === 'seed') {
      if (await isDatabaseEmpty(database.db)) {
        await seedDemoData(database.db, { demoPassword: config.demoPassword });
        console.log('Demo data seeded.');
      } else {
        console.log('The database already has data; the demo seed runs only on an empty database.');
      }
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
