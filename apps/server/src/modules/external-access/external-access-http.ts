import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { safeFileName } from '@referrals/domain/referrals/forms/attachment-schemas';
import { ACCESS_SESSION_HEADER } from '@referrals/domain/external-access/external-access-schemas';
import { NO_STORE } from '../../http/file-response.ts';
import { sendStoredFile } from '../files/file-store.ts';
import type { FileStorage } from '../files/storage.ts';

// What the access-link routes share: the token in the query, the session header, their answers in OpenAPI.

/**
 * `access`: the link's token. Absent, empty or of any length it is only ever a token that names no link,
 * the 404 of a missing one, so that a guess learns nothing from a 400.
 */
export const AccessQuerySchema = z.object({ access: z.string().default('') });

/** The session header, documented on the calls that read it; the request's other headers pass untouched. */
export const AccessSessionHeadersSchema = z.looseObject({
  [ACCESS_SESSION_HEADER]: z
    .string()
    .optional()
    .meta({ description: 'The session secret a verification answered (POST referrals/external/).' }),
});

/** Every refusal of a call through a link: its input (400), no live session (401), no such link (404). */
export const ACCESS_ERROR_RESPONSES = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  404: DetailErrorSchema,
} as const;

// The handler sends bytes; OpenAPI calls them a binary string.
const PdfBytesSchema = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });
const StreamBytesSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });

/** A 200 that is a PDF made for the reader or one of the referral's stored files, as the query asks. */
export function filesResponse(description: string) {
  return {
    description,
    content: {
      'application/pdf': { schema: PdfBytesSchema },
      'application/octet-stream': { schema: StreamBytesSchema },
    },
  };
}

/** A 200 that is JSON by default and, as the query asks, a PDF or a stored file. */
export function jsonOrFiles(json: z.ZodType, description: string) {
  const files = filesResponse(description);
  return { description, content: { 'application/json': { schema: json }, ...files.content } };
}

/** Sends a PDF made for the reader: never cached, named by an id, never by the patient. */
export function pdfReply(reply: FastifyReply, pdf: Buffer, filename: string): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

/** Sends one of the referral's stored files, to be saved under its own name, never cached. */
export function attachmentReply(
  reply: FastifyReply,
  storage: FileStorage,
  row: { stored_name: string; original_name: string; content_type: string },
): Promise<FastifyReply> {
  return sendStoredFile(reply, storage, row.stored_name, {
    filename: safeFileName(row.original_name),
    cache: NO_STORE,
    contentType: row.content_type,
    disposition: 'attachment',
  });
}
