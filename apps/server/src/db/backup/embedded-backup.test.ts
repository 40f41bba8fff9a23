import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { storeBytes } from '../../modules/files/file-store.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { openDatabase } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import { openRuntimeDatabase } from '../runtime-role.ts';
import { users } from '../schema/people.ts';
import { referralAttachments, referrals } from '../schema/referrals.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { BackupError, backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup.ts';
import { diskStorage } from '../../modules/files/disk-storage.ts';

const PASSWORD = 'demo-password-for-the-backup-test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * npm run db:backup and db:restore (docs/deploy.md, Backups): the demo database and a stored file backed up,
 * restored into an empty data directory, and the app started there shows the same referrals and serves the
 * same file; a restore over a database, or of a damaged backup, changes nothing.
 */
describe('backups of the embedded database', () => {
  const folders: string[] = [];
  const folder = (name: string) => {
    const made = mkdtempSync(path.join(tmpdir(), `referrals-${name}-`));
    folders.push(made);
    return made;
  };
  let dataDir: string;
  let backup: string;
  let referralsBefore: { id: string; status: string }[];
  let attachment: { referralId: string; id: string };

  beforeAll(async () => {
    dataDir = folder('data');
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await migrateDatabase(database);
    await seedDemoData(database.db, { demoPassword: PASSWORD });
    const db = database.db;
    const [gp] = await db.select().from(users).where(eq(users.email, 'gp@demo.test'));
    const [referral] = await db
      .select()
      .from(referrals)
      .where(and(eq(referrals.referrer_id, gp?.id ?? ''), eq(referrals.status, 'SBMT')))
      .limit(1);
    if (!gp || !referral) throw new Error('the demo has no submitted referral of the GP');
    const stored = await storeBytes(diskStorage(dataDir), PDF, { type: 'application/pdf', extension: 'pdf' });
    const [row] = await db
      .insert(referralAttachments)
      .values({
        referral_id: referral.id,
        kind: 'referrer',
        original_name: 'ecg.pdf',
        stored_name: stored.name,
        content_type: stored.contentType,
        size: stored.size,
        uploaded_by_id: gp.id,
      })
      .returning();
    attachment = { referralId: referral.id, id: row?.id ?? '' };
    referralsBefore = await db
      .select({ id: referrals.id, status: referrals.status })
      .from(referrals)
      .orderBy(asc(referrals.id));
    await database.close();
    backup = path.join(folder('backups'), 'monday');
    const manifest = await backupEmbeddedDatabase({ dataDir, to: backup });
    expect(manifest.uploads.map((file) => file.name)).toEqual([stored.name]);
  }, 120_000);
  afterAll(() => {
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('restores into an empty data directory, where the app shows the same referrals and files', async () => {
    const restored = folder('restored');
    await restoreEmbeddedDatabase({ from: backup, dataDir: restored });
    const config = loadConfig({
      DATA_DIR: restored,
      PUBLIC_URL: 'http://referrals.test',
      LOG_LEVEL: 'silent',
    });
    const owner = await openDatabase({ pgliteDir: path.join(restored, 'db') });
    await migrateDatabase(owner);
    const after = await owner.db
      .select({ id: referrals.id, status: referrals.status })
      .from(referrals)
      .orderBy(asc(referrals.id));
    expect(after).toEqual(referralsBefore);
    const app = await buildApp(config, { database: await openRuntimeDatabase(owner) });
    try {
      await app.ready();
      const gp = await signedInAs(app, 'gp@demo.test', PASSWORD);
      const outbox = await gp('GET', '/api/referrals/?box=outbox&page_size=50');
      expect(outbox.statusCode).toBe(200);
      const ids = outbox.json<{ results: { id: string }[] }>().results.map((r) => r.id);
      expect(ids).toContain(attachment.referralId);
      const file = await gp(
        'GET',
        `/api/referrals/${attachment.referralId}/referrer-attachments/${attachment.id}/file/`,
      );
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await app.close();
      await owner.close();
    }
  }, 120_000);

  it('refuses to restore over a database, and a damaged backup, leaving the data directory as it was', async () => {
    await expect(restoreEmbeddedDatabase({ from: backup, dataDir })).rejects.toThrow(BackupError);
    const damaged = path.join(folder('damaged'), 'copy');
    await cp(backup, damaged, { recursive: true });
    const [stored] = await readdir(path.join(damaged, 'uploads'));
    const file = path.join(damaged, 'uploads', stored ?? '');
    const bytes = await readFile(file);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    await writeFile(file, bytes);
    const target = folder('target');
    await expect(restoreEmbeddedDatabase({ from: damaged, dataDir: target })).rejects.toThrow(
      /does not match the backup's manifest/,
    );
    expect(await readdir(target)).toEqual([]);
    await expect(backupEmbeddedDatabase({ dataDir, to: backup })).rejects.toThrow(/is not empty/);
  });
});
