import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { diskStorage } from '../../modules/files/disk-storage.ts';

/**
 * `npm run db:backup` and `db:restore` for the embedded database (docs/deploy.md, Backups): the PGlite
 * files of DATA_DIR/db as one dump, and the stored files of DATA_DIR/uploads beside it, each with its
 * SHA-256 in a manifest that the restore checks. Taken with the server stopped: PGlite belongs to the one
 * process that opened it, and a copy taken under a running server could hold half a transaction.
 */

const DATABASE_DUMP = 'database.tar.gz';
const MANIFEST = 'backup.json';
const UPLOADS = 'uploads';

export type BackupManifest = {
  created_at: string;
  database: { file: string; sha256: string; size: number };
  uploads: { name: string; sha256: string; size: number }[];
};

export class BackupError extends Error {}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** Writes a backup of DATA_DIR's database and uploads into `to`, which must be empty or new. */
export async function backupEmbeddedDatabase(options: {
  dataDir: string;
  to: string;
}): Promise<BackupManifest> {
  const databaseDir = path.join(options.dataDir, 'db');
  if (await isEmptyDir(databaseDir)) throw new BackupError(`No embedded database in ${databaseDir}.`);
  if (!(await isEmptyDir(options.to)))
    throw new BackupError(`${options.to} is not empty: back up into a new folder.`);
  await mkdir(path.join(options.to, UPLOADS), { recursive: true });
  const database = await PGlite.create(databaseDir);
  let dump: Uint8Array;
  try {
    // A checkpoint first, so the dump holds every committed change in the data files themselves.
    await database.exec('checkpoint');
    dump = new Uint8Array(await (await database.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await database.close();
  }
  await writeFile(path.join(options.to, DATABASE_DUMP), dump);
  const uploads: BackupManifest['uploads'] = [];
  // The stored files as the disk storage lists them: a half-written upload (.part) is no stored file.
  const stored = diskStorage(options.dataDir);
  const names: string[] = [];
  for await (const file of stored.list()) names.push(file.name);
  for (const name of names.sort()) {
    const bytes = await stored.read(name);
    if (!bytes) continue;
    await writeFile(path.join(options.to, UPLOADS, name), bytes);
    uploads.push({ name, sha256: sha256(bytes), size: bytes.length });
  }
  const manifest: BackupManifest = {
    created_at: new Date().toISOString(),
    database: { file: DATABASE_DUMP, sha256: sha256(dump), size: dump.length },
    uploads,
  };
  await writeFile(path.join(options.to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function checkedFile(file: string, expected: { sha256: string; size: number }): Promise<Buffer> {
  const bytes = await readFile(file).catch(() => {
    throw new BackupError(`${file} is missing from the backup.`);
  });
  if (bytes.length !== expected.size || sha256(bytes) !== expected.sha256) {
    throw new BackupError(`${file} does not match the backup's manifest: the backup is damaged.`);
  }
  return bytes;
}

/**
 * Restores a backup into DATA_DIR, whose database must not exist yet: every file is checked against the
 * manifest before anything is written, so a damaged backup leaves the data directory as it was.
 */
export async function restoreEmbeddedDatabase(options: {
  from: string;
  dataDir: string;
}): Promise<BackupManifest> {
  const manifestText = await readFile(path.join(options.from, MANIFEST), 'utf8').catch(() => {
    throw new BackupError(`${options.from} holds no backup (no ${MANIFEST}).`);
  });
  const manifest = JSON.parse(manifestText) as BackupManifest;
  const databaseDir = path.join(options.dataDir, 'db');
  if (!(await isEmptyDir(databaseDir))) {
    throw new BackupError(`${databaseDir} already holds a database: restore into an empty data directory.`);
  }
  const dump = await checkedFile(path.join(options.from, manifest.database.file), manifest.database);
  const uploads = await Promise.all(
    manifest.uploads.map(async (file) => ({
      name: path.basename(file.name),
      bytes: await checkedFile(path.join(options.from, UPLOADS, path.basename(file.name)), file),
    })),
  );
  await mkdir(path.join(options.dataDir, UPLOADS), { recursive: true });
  for (const file of uploads) await writeFile(path.join(options.dataDir, UPLOADS, file.name), file.bytes);
  await mkdir(options.dataDir, { recursive: true });
  const database = await PGlite.create(databaseDir, { loadDataDir: new Blob([dump]) });
  await database.close();
  return manifest;
}
