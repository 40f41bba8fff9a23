import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES, contentTypeForExtension, sniffContentType } from '@referrals/domain/files/content-type';
import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { ApiError, notFound, validationFailed } from '../../http/api-errors.ts';

export type StoredFile = { name: string; contentType: string; size: number };

const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
// Stored names are ours (uuid.ext), so a name from a request can be checked before it touches the disk.
const STORED_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

const NOT_MULTIPART = 'Send the image as multipart/form-data.';

/**
 * The file of a multipart upload. A body that only claims to be multipart (no boundary, say) makes the
 * parser throw before any part is read: that is the client's mistake, a 400, not a 500.
 */
export async function uploadedFile(request: FastifyRequest): Promise<Readable> {
  if (!request.isMultipart()) throw validationFailed({ file: [NOT_MULTIPART] });
  const part = await request.file().catch((error: unknown) => {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw validationFailed({ file: [NOT_MULTIPART] });
  });
  if (!part) throw validationFailed({ file: ['No file was submitted.'] });
  return part.file;
}

/**
 * A multipart body that stops before its closing boundary: the parser (busboy) fails the part with
 * "... unexpected end of multipart data", the wording @fastify/multipart itself recognises it by.
 */
function isCutOff(error: unknown): boolean {
  return error instanceof Error && /unexpected end of multipart data/i.test(error.message);
}

/**
 * Streams an upload into DATA_DIR/uploads under a generated name. The size limit is enforced while the
 * bytes arrive (nothing past 5 MB is written), the content type is read from the first bytes and checked
 * against `accept`, and a refused upload leaves no file behind.
 */
export async function storeUpload(
  dataDir: string,
  source: Readable,
  options: { accept: readonly string[]; acceptText: string; maxBytes?: number },
): Promise<StoredFile> {
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  await mkdir(uploadsDir(dataDir), { recursive: true });
  const partial = path.join(uploadsDir(dataDir), `${randomUUID()}.part`);
  let size = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new ApiError(413, { file: ['The file is larger than 5 MB.'] }));
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(partial));
    if (size === 0) throw validationFailed({ file: ['The file is empty.'] });
    const sniffed = sniffContentType(head);
    if (!sniffed || !options.accept.includes(sniffed.type)) {
      throw validationFailed({ file: [`This type of file is not accepted. ${options.acceptText}`] });
    }
    const name = `${randomUUID()}.${sniffed.extension}`;
    await rename(partial, path.join(uploadsDir(dataDir), name));
    return { name, contentType: sniffed.type, size };
  } catch (error) {
    await rm(partial, { force: true });
    if (isCutOff(error)) throw validationFailed({ file: ['The upload ended early. Send the file again.'] });
    throw error;
  }
}

/** A stored file to send back, with the type of its extension; undefined if it is gone. */
async function openStoredFile(dataDir: string, name: string) {
  const contentType = STORED_NAME.test(name) ? contentTypeForExtension(name.split('.').pop() ?? '') : null;
  if (!contentType) return undefined;
  const file = path.join(uploadsDir(dataDir), name);
  const info = await stat(file).catch(() => undefined);
  if (!info) return undefined;
  return { stream: createReadStream(file), contentType, size: info.size };
}

/**
 * Answers with a stored file (profile images, branding logos, referral attachments): its own type, its
 * size, never sniffed by the browser, shown inline under `filename`, cached as `cache` says; 404 when the
 * name is empty or the file is gone.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  dataDir: string,
  name: string | null | undefined,
  options: { filename: string; cache: string },
): Promise<FastifyReply> {
  const file = name ? await openStoredFile(dataDir, name) : undefined;
  if (!file) throw notFound();
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${options.filename}"`)
    .header('cache-control', options.cache)
    .send(file.stream);
}

export async function removeStoredFile(dataDir: string, name: string | null): Promise<void> {
  if (name && STORED_NAME.test(name)) await rm(path.join(uploadsDir(dataDir), name), { force: true });
}
