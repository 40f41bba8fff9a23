import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { safeFileName } from '@referrals/domain/referrals/forms/attachment-schemas';
import { readStoredFile } from '../../files/file-store.ts';
import type { AttachmentRow } from './attachment-rules.ts';
import type { FileStorage } from '../../files/storage.ts';

/** MS-DOS time and date of an instant (zip's own format, local fields read as UTC). */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date:
      ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** Names unique inside the zip: a second "letter.pdf" becomes "letter (2).pdf". */
function uniqueNames(rows: AttachmentRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const name = safeFileName(row.original_name);
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${String(n)})${name.slice(dot)}` : `${name} (${String(n)})`;
  });
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A zip of stored attachments, streamed one entry at a time (at most 5 files of 5 MB: each is read,
 * deflated and sent before the next is opened). A file missing from the storage is left out. node's zlib
 * does the deflating, so no zip library is needed for this small, fixed use.
 */
export function zipAttachments(storage: FileStorage, rows: AttachmentRow[]): Readable {
  async function* entries() {
    const central: Buffer[] = [];
    let offset = 0;
    const names = uniqueNames(rows);
    for (const [index, row] of rows.entries()) {
      const stream = await readStoredFile(storage, row.stored_name);
      if (!stream) continue;
      const data = await bytesOf(stream);
      const packed = deflateRawSync(data);
      const name = Buffer.from(names[index] ?? 'attachment', 'utf8');
      const { time, date } = dosDateTime(row.created_at);
      const crc = crc32(data);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(8, 8); // deflate
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(packed.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(crc, 16);
      header.writeUInt32LE(packed.length, 20);
      header.writeUInt32LE(data.length, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(offset, 42);
      central.push(header, name);
      offset += local.length + name.length + packed.length;
      yield Buffer.concat([local, name, packed]);
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    const entriesCount = central.length / 2;
    end.writeUInt16LE(entriesCount, 8);
    end.writeUInt16LE(entriesCount, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    yield Buffer.concat([directory, end]);
  }
  return Readable.from(entries());
}
