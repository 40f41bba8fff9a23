import { Readable } from 'node:stream';
import { z } from 'zod';
import { PROFILE_IMAGE_TYPES } from '@referrals/domain/files/content-type';

// The handler streams the file; OpenAPI calls those bytes a binary string.
const ImageBytesSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });

/**
 * The 200 of a route that sends a stored image: its bytes, in the type they showed when uploaded
 * (modules/files/file-store.ts), so a client knows to read a blob rather than JSON.
 */
export const IMAGE_RESPONSE = {
  description: 'The image, in the type its bytes showed when it was uploaded.',
  content: Object.fromEntries(PROFILE_IMAGE_TYPES.map((type) => [type, { schema: ImageBytesSchema }])),
};
