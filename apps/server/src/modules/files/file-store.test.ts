import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketTestServer } from '../../../test/bucket-test-server.ts';
import { ApiError } from '../../http/api-errors.ts';
import { bucketStorage } from './bucket-storage.ts';
import { diskStorage } from './disk-storage.ts';
import {
  readStoredBytes,
  readStoredFile,
  removeStoredFile,
  storeBytes,
  storeUpload,
  withStoredFileCopies,
} from './file-store.ts';
import type { FileStorage } from './storage.ts';

const PDF = Buffer.from('%PDF-1.7\n% discharge summary\n%%EOF\n');
const PDF_ONLY = { accept: ['application/pdf'], acceptText: 'PDF only.' };

/** The same behaviour from the disk and from a real S3-protocol server (s3rver). */
const storages: [string, () => Promise<{ storage: FileStorage; close: () => Promise<void> }>][] = [
  [
    'the disk',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'file-store-'));
      return { storage: diskStorage(dataDir), close: () => rm(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    'a bucket',
    async () => {
      const server = await bucketTestServer();
      const storage = await bucketStorage(server.settings);
      return {
        storage,
        close: async () => {
          storage.close();
          await server.close();
        },
      };
    },
  ],
];

describe.each(storages)('stored files on %s', (_where, open) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  let original: string;
  const names = async () => {
    const found: string[] = [];
    for await (const file of storage.list()) found.push(file.name);
    return found.sort();
  };
  beforeAll(async () => {
    ({ storage, close } = await open());
    original = (await storeBytes(storage, PDF, { type: 'application/pdf', extension: 'pdf' })).name;
  });
  afterAll(() => close());

  it('stores an upload whole under a generated name, and reads it back as bytes and as a stream', async () => {
    const stored = await storeUpload(
      storage,
      Readable.from([PDF.subarray(0, 10), PDF.subarray(10)]),
      PDF_ONLY,
    );
    expect(stored).toMatchObject({ contentType: 'application/pdf', size: PDF.length });
    expect(stored.name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await readStoredBytes(storage, stored.name)).toEqual(PDF);
    const chunks: Buffer[] = [];
    for await (const chunk of (await readStoredFile(storage, stored.name)) ?? [])
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(PDF);
    await removeStoredFile(storage, stored.name);
    expect(await readStoredBytes(storage, stored.name)).toBeUndefined();
    expect(await names()).toEqual([original]);
  });

  it('stores nothing of an upload it refuses: the wrong type, too large, or empty', async () => {
    const refusals = [
      storeUpload(storage, Readable.from([Buffer.from('GIF89a not a pdf')]), PDF_ONLY),
      storeUpload(storage, Readable.from([PDF, PDF]), { ...PDF_ONLY, maxBytes: PDF.length }),
      storeUpload(storage, Readable.from([]), PDF_ONLY),
    ];
    const statuses = await Promise.all(
      refusals.map((refusal) =>
        refusal.then(
          () => 0,
          (error: unknown) => (error as ApiError).statusCode,
        ),
      ),
    );
    expect(statuses).toEqual([400, 413, 400]);
    expect(await names()).toEqual([original]);
  });

  it('keeps a committed copy under its own name, with the same bytes', async () => {
    const copied = await withStoredFileCopies(storage, (copy) => copy(original));
    expect(copied).toMatch(/\.pdf$/);
    expect(copied).not.toBe(original);
    expect(await readStoredBytes(storage, copied ?? '')).toEqual(PDF);
    await removeStoredFile(storage, copied ?? null);
  });

  it('removes the copies when the work fails or its result was not kept (a dry run)', async () => {
    const failed = withStoredFileCopies(storage, async (copy) => {
      await copy(original);
      throw new Error('the transaction rolled back');
    });
    await expect(failed).rejects.toThrow('the transaction rolled back');
    const dryRun = await withStoredFileCopies(
      storage,
      async (copy) => ({ copied: await copy(original) }),
      () => false,
    );
    expect(dryRun.copied).toBeDefined();
    expect(await names()).toEqual([original]);
  });

  it('copies nothing for a file already gone or a name that is not ours', async () => {
    const gone = await withStoredFileCopies(storage, (copy) => copy(`${randomUUID()}.pdf`));
    const foreign = await withStoredFileCopies(storage, (copy) => copy('../../etc/passwd'));
    expect([gone, foreign]).toEqual([undefined, undefined]);
    expect(await names()).toEqual([original]);
    expect(await readStoredBytes(storage, '../../etc/passwd')).toBeUndefined();
  });
});

describe('stored files on the disk', () => {
  it('leaves no half-written file behind a refused upload', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'file-store-'));
    const storage = diskStorage(dataDir);
    await storeBytes(storage, PDF, { type: 'application/pdf', extension: 'pdf' });
    await expect(
      storeUpload(storage, Readable.from([PDF, PDF]), { ...PDF_ONLY, maxBytes: PDF.length }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(await readdir(path.join(dataDir, 'uploads'))).toHaveLength(1);
    await rm(dataDir, { recursive: true, force: true });
  });
});
