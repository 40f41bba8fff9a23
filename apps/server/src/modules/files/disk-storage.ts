import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStoredName, type FileStorage } from './storage.ts';

/** Files in DATA_DIR/uploads: the default, for one machine (or a shared volume). */
export function diskStorage(dataDir: string): FileStorage {
  const dir = path.join(dataDir, 'uploads');
  const fileOf = (name: string) => path.join(dir, name);
  return {
    description: `the disk (${dir})`,
    async write(name, bytes) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so no half-written file ever carries a stored name.
      const partial = fileOf(`${randomUUID()}.part`);
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, fileOf(name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async open(name) {
      const info = await stat(fileOf(name)).catch(() => undefined);
      return info?.isFile() ? { stream: createReadStream(fileOf(name)), size: info.size } : undefined;
    },
    read: (name) => readFile(fileOf(name)).catch(() => undefined),
    async copy(from, to) {
      // A clone where the file system can (copy on write): no bytes are duplicated until one is changed.
      try {
        await copyFile(fileOf(from), fileOf(to), constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async remove(name) {
      await rm(fileOf(name), { force: true });
    },
    async *list() {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      // A .part file is an upload that was being written when the server stopped: nothing names it.
      for (const entry of entries) {
        if (!entry.isFile() || !isStoredName(entry.name)) continue;
        const info = await stat(fileOf(entry.name)).catch(() => undefined);
        if (info) yield { name: entry.name, size: info.size };
      }
    },
    close() {},
  };
}
