import { Readable } from 'node:stream';
import { z } from 'zod';

// The handler streams the file; OpenAPI calls those bytes a binary string.
export const FileBytesSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });

/** The 200 of a route that sends a stored file of a patient's record (a referral's or a report's). */
export const FILE_RESPONSE = {
  description: 'The file, in the type its bytes showed when it was uploaded.',
  content: { 'application/octet-stream': { schema: FileBytesSchema } },
};

/** Patient documents: never kept by a browser or proxy. */
export const NO_STORE = 'private, no-store';
