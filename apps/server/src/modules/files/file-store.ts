import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SNIFF_BYTES, contentTypeForExtension, sniffContentType } from '@referrals/domain/files/content-type';
import { UPLOAD_MAX_BYTES } from '@referrals/domain/constants';
import { ApiError, notFound, validationFailed } from '../../http/api-errors.ts';
import { isStoredName, type FileStorage } from './storage.ts';

export type StoredFile = { name: string; contentType: string; size: number };

const NOT_MULTIPART = 'Send the image as multipart/form-data.';

/**
 * The file of a multipart upload. A body that only claims to be multipart (no boundary, say) makes the
 * parser throw before any part is read: that is the client's mistake, a 400, not a 500.
 */
export async function uploadedFile(request: FastifyRequest): Promise<Readable> {
  return (await uploadedPart(request)).file;
}

/**
 * The file of a multipart upload with its claimed name and the form fields sent before it (a field sent
 * after the file is not read: the file is read first).
 */
export async function uploadedPart(
  request: FastifyRequest,
  options: { maxBytes?: number } = {},
): Promise<{ file: Readable; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw validationFailed({ file: [NOT_MULTIPART] });
  // A larger limit than the app's 5 MB, for a file read here rather than by storeUpload (an HL7 message
  // carries its PDFs in Base64); one byte over it is still enough to see.
  const limits = options.maxBytes === undefined ? undefined : { limits: { fileSize: options.maxBytes + 1 } };
  const part = await request.file(limits).catch((error: unknown) => {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw validationFailed({ file: [NOT_MULTIPART] });
  });
  if (!part) throw validationFailed({ file: ['No file was submitted.'] });
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first && first.type === 'field' && typeof first.value === 'string') fields[name] = first.value;
  }
  return { file: part.file, filename: part.filename, fields };
}

/**
 * A multipart body that stops before its closing boundary: the parser (busboy) fails the part with
 * "... unexpected end of multipart data", the wording @fastify/multipart itself recognises it by.
 */
function isCutOff(error: unknown): boolean {
  return error instanceof Error && /unexpected end of multipart data/i.test(error.message);
}

/**
 * Stores an upload under a generated name. The size limit is enforced while the bytes arrive (nothing past
 * 5 MB is held), the content type is read from the first bytes and checked against `accept`, and a refused
 * upload stores nothing. The file is held in memory until it is whole (at most 5 MB), so the storage only
 * ever sees complete files, on the disk or in a bucket alike.
 */
export async function storeUpload(
  storage: FileStorage,
  source: Readable,
  options: {
    accept: readonly string[];
    acceptText: string;
    maxBytes?: number;
    /** How to read the type from the first bytes, and how many it needs (default: images and PDF). */
    sniff?: (head: Uint8Array) => { type: string; extension: string } | null;
    sniffBytes?: number;
  },
): Promise<StoredFile> {
  const maxBytes = options.maxBytes ?? UPLOAD_MAX_BYTES;
  const tooLarge =
    maxBytes >= UPLOAD_MAX_BYTES
      ? 'The file is larger than 5 MB.'
      : `The file is larger than ${String(maxBytes)} bytes.`;
  const bytes = await collectUpload(source, maxBytes, tooLarge);
  const sniffed = (options.sniff ?? sniffContentType)(bytes.subarray(0, options.sniffBytes ?? SNIFF_BYTES));
  if (!sniffed || !options.accept.includes(sniffed.type)) {
    throw validationFailed({ file: [`This type of file is not accepted. ${options.acceptText}`] });
  }
  return storeBytes(storage, bytes, sniffed);
}

/**
 * Reads a small upload into memory (a text file to parse, not to store), refusing it with 413 once it passes
 * `maxBytes`, without reading the rest, and with 400 when the body ends before the file does.
 */
export function readUpload(source: Readable, maxBytes: number): Promise<Buffer> {
  return collectUpload(source, maxBytes, `The file is larger than ${String(maxBytes / 1024 / 1024)} MB.`);
}

async function collectUpload(source: Readable, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        source.destroy();
        throw new ApiError(413, { file: [tooLarge] });
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (isCutOff(error)) throw validationFailed({ file: ['The upload ended early. Send the file again.'] });
    throw error;
  }
  if (size === 0) throw validationFailed({ file: ['The file is empty.'] });
  return Buffer.concat(chunks);
}

/** Stores bytes already in hand and already sniffed (a mail attachment, a converted fax) under a generated name. */
export async function storeBytes(
  storage: FileStorage,
  bytes: Uint8Array,
  sniffed: { type: string; extension: string },
): Promise<StoredFile> {
  const name = `${randomUUID()}.${sniffed.extension}`;
  await storage.write(name, bytes, sniffed.type);
  return { name, contentType: sniffed.type, size: bytes.byteLength };
}

/** A stored file to send back, with the type of its extension; undefined if it is gone. */
async function openStoredFile(storage: FileStorage, name: string, knownType?: string) {
  const contentType = isStoredName(name)
    ? (knownType ?? contentTypeForExtension(name.split('.').pop() ?? ''))
    : null;
  if (!contentType) return undefined;
  const file = await storage.open(name);
  return file && { ...file, contentType };
}

/**
 * Answers with a stored file (profile images, branding logos, referral attachments): its own type, its
 * size, never sniffed by the browser, shown inline under `filename`, cached as `cache` says; 404 when the
 * name is empty or the file is gone.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  name: string | null | undefined,
  options: {
    filename: string;
    cache: string;
    /** The type recorded at upload, for files whose extension the default table does not know. */
    contentType?: string;
    /** `attachment` makes the browser save rather than show the file. */
    disposition?: 'inline' | 'attachment';
  },
): Promise<FastifyReply> {
  const file = name ? await openStoredFile(storage, name, options.contentType) : undefined;
  if (!file) throw notFound();
  // The ASCII name for old clients, the full name percent-encoded (RFC 6266) for the rest.
  const ascii = options.filename.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(options.filename);
  const disposition =
    ascii === options.filename
      ? `${options.disposition ?? 'inline'}; filename="${ascii}"`
      : `${options.disposition ?? 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', disposition)
    .header('cache-control', options.cache)
    .send(file.stream);
}

/** A stored file's bytes as a stream, for bundling (the supplementary zip); undefined if it is gone. */
export async function readStoredFile(storage: FileStorage, name: string): Promise<Readable | undefined> {
  if (!isStoredName(name)) return undefined;
  return (await storage.open(name))?.stream;
}

/** A stored file's bytes, for a file small enough to hold (a logo or signature in a letter); undefined if it is gone. */
export async function readStoredBytes(storage: FileStorage, name: string): Promise<Buffer | undefined> {
  if (!isStoredName(name)) return undefined;
  return storage.read(name);
}

export async function removeStoredFile(storage: FileStorage, name: string | null): Promise<void> {
  if (name && isStoredName(name)) await storage.remove(name);
}

/** Copies a stored file under a new generated name for a row being written; undefined if the file is gone. */
export type StoredFileCopier = (name: string) => Promise<string | undefined>;

/**
 * Runs `work`, which writes rows in a transaction, with a copier of stored files for those rows. Each copy
 * has its own name, so deleting the original's row and file never touches it. File writes are not part of
 * the transaction: when `work` throws (rolled back) or `kept` says its result was not committed (a dry
 * run; by default every result was), the copies are removed again. A process that dies in between can
 * leave a copy no row names, never a row without its file.
 */
export async function withStoredFileCopies<T>(
  storage: FileStorage,
  work: (copy: StoredFileCopier) => Promise<T>,
  kept: (result: T) => boolean = () => true,
): Promise<T> {
  const made: string[] = [];
  const copy: StoredFileCopier = async (name) => {
    if (!isStoredName(name)) return undefined;
    const copied = `${randomUUID()}.${name.split('.').pop() ?? ''}`;
    // Named before the bytes are written, so a copy that fails half-way is removed with the rest.
    made.push(copied);
    return (await storage.copy(name, copied)) ? copied : undefined;
  };
  const discard = async () => {
    for (const name of made) await removeStoredFile(storage, name);
  };
  try {
    const result = await work(copy);
    if (!kept(result)) await discard();
    return result;
  } catch (error) {
    await discard();
    throw error;
  }
}
