import { createHash } from 'node:crypto';
import { contentTypeForExtension } from '@referrals/domain/files/content-type';
import type { FileStorage } from './storage.ts';

export type MoveReport = {
  /** Copied to the target and verified there. */
  moved: number;
  /** Already in the target with the same bytes (a move that was stopped and started again). */
  alreadyThere: number;
  /** Gone from the source between the listing and the copy (deleted meanwhile): nothing to move. */
  vanished: number;
};

export class MoveError extends Error {}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Moves every stored file from one storage to the other (the disk to a bucket, or back), one at a time:
 * each is copied, read back from the target and compared by SHA-256, and only then removed from the source
 * (unless `keepSource`). Stopped half-way, it can simply be run again: a file already in the target with
 * the same bytes is not copied twice, and nothing is removed before its copy is verified.
 */
export async function moveStoredFiles(options: {
  from: FileStorage;
  to: FileStorage;
  keepSource?: boolean;
  onProgress?: (report: MoveReport) => void;
}): Promise<MoveReport> {
  const { from, to } = options;
  const report: MoveReport = { moved: 0, alreadyThere: 0, vanished: 0 };
  const inTarget = new Map<string, number>();
  for await (const file of to.list()) inTarget.set(file.name, file.size);
  const names: string[] = [];
  for await (const file of from.list()) names.push(file.name);
  for (const name of names.sort()) {
    const bytes = await from.read(name);
    if (!bytes) {
      report.vanished++;
      continue;
    }
    const hash = sha256(bytes);
    const there = inTarget.get(name) === bytes.length ? await to.read(name) : undefined;
    if (there && sha256(there) === hash) {
      report.alreadyThere++;
    } else {
      const type = contentTypeForExtension(name.split('.').pop() ?? '') ?? 'application/octet-stream';
      await to.write(name, bytes, type);
      const copied = await to.read(name);
      if (!copied || sha256(copied) !== hash) {
        throw new MoveError(
          `${name} reads back from ${to.description} with other bytes; it was left in place.`,
        );
      }
      report.moved++;
    }
    if (!options.keepSource) await from.remove(name);
    options.onProgress?.(report);
  }
  return report;
}
