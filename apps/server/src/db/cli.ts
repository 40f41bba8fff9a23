import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { BackupError, backupEmbeddedDatabase, restoreEmbeddedDatabase } from './backup/embedded-backup.ts';
import { migrateDatabase } from './migrate.ts';
import { openConfiguredDatabase } from './open-configured.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/demo-seed.ts';

const USAGE = 'Usage: cli.ts migrate | seed | backup <folder> | restore <folder>';

/** `npm run db:backup -- <folder>` and `db:restore -- <folder>`: the embedded database and its uploads. */
async function backupOrRestore(config: Config, command: 'backup' | 'restore', folder: string): Promise<void> {
  if (config.databaseUrl) {
    throw new BackupError(
      `db:${command} is for the embedded database; on PostgreSQL use pg_dump and pg_restore, and copy DATA_DIR/uploads (README, Backups).`,
    );
  }
  const where = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  if (command === 'backup') {
    const manifest = await backupEmbeddedDatabase({ dataDir: config.dataDir, to: where });
    console.log(`Backed up the database and ${String(manifest.uploads.length)} stored files into ${where}.`);
  } else {
    const manifest = await restoreEmbeddedDatabase({ from: where, dataDir: config.dataDir });
    console.log(
      `Restored the backup of ${manifest.created_at} (${String(manifest.uploads.length)} stored files) into ${config.dataDir}.`,
    );
  }
}

/** `npm run db:migrate`, `db:seed`, `db:backup` and `db:restore` against the configured database. */
async function run(command: string | undefined, argument: string | undefined): Promise<void> {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  if (command === 'backup' || command === 'restore') {
    if (!argument) throw new BackupError(`Name the backup's folder: npm run db:${command} -- <folder>`);
    return backupOrRestore(config, command, argument);
  }
  if (command !== 'migrate' && command !== 'seed') throw new Error(USAGE);
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

run(process.argv[2], process.argv[3]).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
});
