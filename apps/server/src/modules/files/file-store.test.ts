import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStoredFileCopies } from './file-store.ts';

describe('copies of stored files for rows a transaction writes', () => {
  let dataDir: string;
  const original = `${randomUUID()}.pdf`;
  const bytes = Buffer.from('%PDF-1.7\n% discharge summary\n%%EOF\n');
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'file-store-'));
    await mkdir(path.join(dataDir, 'uploads'));
    await writeFile(path.join(dataDir, 'uploads', original), bytes);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const stored = () => readdir(path.join(dataDir, 'uploads'));

  it('keeps a committed copy under its own name, with the same bytes', async () => {
    const copied = await withStoredFileCopies(dataDir, (copy) => copy(original));
    expect(copied).toMatch(/\.pdf$/);
    expect(copied).not.toBe(original);
    expect(await readFile(path.join(dataDir, 'uploads', copied ?? ''))).toEqual(bytes);
    await rm(path.join(dataDir, 'uploads', copied ?? ''));
  });

  it('removes the copies when the work fails or its result was not kept (a dry run)', async () => {
    const failed = withStoredFileCopies(dataDir, async (copy) => {
      await copy(original);
      throw new Error('the transaction rolled back');
    });
    await expect(failed).rejects.toThrow('the transaction rolled back');
    const dryRun = await withStoredFileCopies(
      dataDir,
      async (copy) => ({ copied: await copy(original) }),
      () => false,
    );
    expect(dryRun.copied).toBeDefined();
    expect(await stored()).toEqual([original]);
  });

  it('copies nothing for a file already gone or a name that is not ours', async () => {
    const gone = await withStoredFileCopies(dataDir, (copy) => copy(`${randomUUID()}.pdf`));
    const foreign = await withStoredFileCopies(dataDir, (copy) => copy('../../etc/passwd'));
    expect([gone, foreign]).toEqual([undefined, undefined]);
    expect(await stored()).toEqual([original]);
  });
});
