import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketTestServer, type BucketTestServer } from '../../../test/bucket-test-server.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asOwner } from '../../../test/test-database.ts';
import { PDF, PNG, uploadAs } from '../referrals/attachments/attachment-test-helpers.ts';
import { referralParties, type ReferralParties } from '../referrals/referral-test-parties.ts';
import type { Person } from '../establishments/establishment-test-people.ts';
import { bucketStorage } from './bucket-storage.ts';
import { moveStoredFiles } from './move-stored-files.ts';
import type { FileStorage } from './storage.ts';

/** A GET through a given server instance, as the person signed in on another one. */
const getAs = (t: TestApp, who: Person, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });

const onDisk = async (t: TestApp) =>
  existsSync(path.join(t.config.dataDir, 'uploads')) ? readdir(path.join(t.config.dataDir, 'uploads')) : [];

describe('stored files in an S3-compatible bucket (s3rver), shared by two server instances', () => {
  let bucket: BucketTestServer;
  let objects: FileStorage;
  let a: TestApp;
  let b: TestApp;
  let p: ReferralParties;
  const inBucket = async () => {
    const names: string[] = [];
    for await (const file of objects.list()) names.push(file.name);
    return names.sort();
  };
  const draft = async () => {
    const res = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
    });
    return res.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    bucket = await bucketTestServer();
    objects = await bucketStorage(bucket.settings);
    // Two instances with a data directory each, so the bucket is the only place they could share a file.
    a = await buildTestApp(bucket.env);
    b = await buildTestApp(bucket.env);
    p = await referralParties(a.app, a.database.db);
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    objects.close();
    await bucket.close();
  });

  it('will not start on a bucket that is not there, saying so', async () => {
    await expect(buildTestApp({ ...bucket.env, FILES_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      'FILES_BUCKET: there is no bucket no-such-bucket',
    );
  });

  it('serves a file uploaded through one instance from the other, and a delete through either removes it', async () => {
    const before = await inBucket();
    const id = await draft();
    const uploaded = await uploadAs(a.app, p.gp, `/api/referrals/${id}/referrer-attachments/`, {
      name: 'ECG.pdf',
    });
    expect(uploaded.statusCode).toBe(201);
    const attachment = uploaded.json<{ id: string; file: string }>();
    expect((await inBucket()).length).toBe(before.length + 1);
    expect(await onDisk(a)).toEqual([]);

    const download = await getAs(b, p.gp, attachment.file);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(PDF.length));
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // The same checks as from the disk: another establishment's user gets the 404 of a missing file.
    expect((await getAs(b, p.outsider, attachment.file)).statusCode).toBe(404);

    const deleted = await b.app.inject({
      method: 'DELETE',
      url: `/api/referrals/${id}/referrer-attachments/${attachment.id}/`,
      headers: { authorization: `Bearer ${p.gp.token}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await inBucket()).toEqual(before);
    expect((await getAs(a, p.gp, attachment.file)).statusCode).toBe(404);
  });

  it('leaves no object in the bucket when the transaction that names the file fails', async () => {
    const id = await draft();
    const before = await inBucket();
    // The database refuses this referral's attachment rows, as it would a write it cannot commit.
    await asOwner(a.database, async (tx) => {
      await tx.execute(
        sql.raw(`create function refuse_attachment() returns trigger language plpgsql as
          $$ begin raise exception 'refused for the test'; end $$`),
      );
      await tx.execute(
        sql.raw(`create trigger refuse_attachment before insert on referral_attachments
          for each row when (new.referral_id = '${id}') execute function refuse_attachment()`),
      );
    });
    try {
      const refused = await uploadAs(a.app, p.gp, `/api/referrals/${id}/referrer-attachments/`);
      expect(refused.statusCode).toBe(500);
      expect(await inBucket()).toEqual(before);
    } finally {
      await asOwner(a.database, (tx) => tx.execute(sql`drop function refuse_attachment() cascade`));
    }
  });

  it('moves every file of an installation from the disk to the bucket and back, verified and resumable', async () => {
    // An installation that keeps its files on the disk, on the same database.
    const disk = await buildTestApp();
    try {
      const onDiskParties = await referralParties(disk.app, disk.database.db);
      const gp = onDiskParties.gp;
      const res = await gp.api('POST', '/api/referrals/', {
        patient: onDiskParties.patient.id,
        to_establishment: onDiskParties.clinic.id,
        assignee: onDiskParties.specialist.user.id,
      });
      const base = `/api/referrals/${res.json<{ id: string }>().id}/referrer-attachments/`;
      const files: { url: string; bytes: Buffer }[] = [];
      for (const n of [1, 2, 3]) {
        const bytes = Buffer.concat([PDF, Buffer.from(`% page ${String(n)}\n`)]);
        const uploaded = await uploadAs(disk.app, gp, base, { name: `letter ${String(n)}.pdf`, bytes });
        files.push({ url: uploaded.json<{ file: string }>().file, bytes });
      }
      const avatar = await uploadAs(disk.app, gp, '/api/profile/avatar-image/', {
        name: 'me.png',
        bytes: PNG,
      });
      expect(avatar.statusCode).toBe(202);
      files.push({ url: avatar.json<{ url: string }>().url, bytes: PNG });
      const stored = await onDisk(disk);
      expect(stored).toHaveLength(4);

      // Stopped after copying (kept on the disk), then run again: nothing is copied twice.
      const copied = await moveStoredFiles({ from: disk.app.storage, to: objects, keepSource: true });
      expect(copied).toEqual({ moved: 4, alreadyThere: 0, vanished: 0 });
      const resumed = await moveStoredFiles({ from: disk.app.storage, to: objects });
      expect(resumed).toEqual({ moved: 0, alreadyThere: 4, vanished: 0 });
      expect(await onDisk(disk)).toEqual([]);
      expect(await inBucket()).toEqual(expect.arrayContaining(stored));

      // The disk installation has lost them; an instance on the bucket serves every one.
      for (const file of files) {
        expect((await getAs(disk, gp, file.url)).statusCode).toBe(404);
        const served = await getAs(b, gp, file.url);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(file.bytes)).toBe(true);
      }

      // And back to the disk.
      const back = await moveStoredFiles({ from: objects, to: disk.app.storage });
      expect(back.moved).toBeGreaterThanOrEqual(4);
      expect(await inBucket()).toEqual([]);
      for (const file of files) {
        const served = await getAs(disk, gp, file.url);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(file.bytes)).toBe(true);
      }
    } finally {
      await disk.app.close();
    }
  });
});
