import type { Readable } from 'node:stream';

/**
 * Where stored files live: the local disk (DATA_DIR/uploads, the default) or an S3-compatible bucket
 * (docs/deploy.md, Files). Names are ours (uuid.ext, checked by `isStoredName` before they get here); a
 * file is written whole under its name or not at all, so a reader never sees half of one.
 */
export interface FileStorage {
  /** Where the files are, for the start-up banner and the move command (never a secret). */
  readonly description: string;
  write(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file as a stream with its size; undefined if there is no such file. */
  open(name: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** The file's bytes, for a file small enough to hold; undefined if there is no such file. */
  read(name: string): Promise<Buffer | undefined>;
  /** Copies a file under a new name; false if there is no file to copy. */
  copy(from: string, to: string): Promise<boolean>;
  /** Removes a file; a file already gone is not an error. */
  remove(name: string): Promise<void>;
  /** Every stored file, in no particular order. */
  list(): AsyncIterable<{ name: string; size: number }>;
  close(): void;
}

// Stored names are ours (uuid.ext), so a name from a request can be checked before it reaches the storage.
const STORED_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

/**
 * The storage could not be reached or refused for its own reasons (a bucket's 5xx, a network fault): like a
 * lost database connection, a 503 the client may try again, never a 500.
 */
export class FileStorageUnavailable extends Error {
  constructor(cause: unknown) {
    super('file storage unavailable', { cause });
  }
}
