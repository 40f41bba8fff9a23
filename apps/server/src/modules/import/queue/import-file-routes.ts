import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeFileName } from '@referrals/domain/referrals/forms/attachment-schemas';
import { notFound } from '../../../http/api-errors.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { FILE_RESPONSE, NO_STORE } from '../../../http/file-response.ts';
import { sendStoredFile } from '../../files/file-store.ts';
import { tiffPagePng } from '../../files/tiff-pages.ts';
import { ImportFileParamsSchema, ImportPageParamsSchema, importCall } from './import-call.ts';
import { readImportFile } from './read-import-file.ts';

const PAGE_NUMBER = /^[1-9][0-9]{0,3}$/;

const PNG_RESPONSE = {
  description: 'The page as a PNG image.',
  content: { 'image/png': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
};

const WHO =
  ' For the staff of your current establishment with accept_referral; anyone else, another ' +
  'establishment’s item, and a file moved to the referral the item became, get the 404 of a missing one.';

/**
 * An import item's files (docs/import-queue.md, The queue): each shown inline in its own type, and a fax's
 * TIFF a page at a time as PNG, since browsers do not show TIFF. Patient documents: never cached, never
 * sniffed, every read audited.
 */
export const importFileRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const security = [{ bearer: [] }];
  const tags = ['import'];
  const config = { access: 'signed-in' as const };

  app.get(
    '/api/import/email/:id/files/:fileId/',
    {
      config,
      schema: {
        tags,
        operationId: 'downloadImportFile',
        summary: 'An import item’s file, shown inline under the name it arrived with (never cached)',
        description: 'A TIFF is answered as it arrived; its pages as PNG are under pages/{n}/.' + WHO,
        security,
        params: ImportFileParamsSchema,
        response: { 200: FILE_RESPONSE, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const call = await importCall(request, request.params.id);
      const file = await readImportFile(db, { ...call, fileId: request.params.fileId });
      return sendStoredFile(reply, storage, file.stored_name, {
        filename: safeFileName(file.original_name),
        cache: NO_STORE,
        contentType: file.content_type,
        disposition: 'inline',
      });
    },
  );

  app.get(
    '/api/import/email/:id/files/:fileId/pages/:n/',
    {
      config,
      schema: {
        tags,
        operationId: 'getImportFilePage',
        summary: 'Page n (from 1) of an import item’s TIFF, as a PNG (never cached)',
        description: 'A file that is not a TIFF, or a page past its last, is a 404.' + WHO,
        security,
        params: ImportPageParamsSchema,
        response: { 200: PNG_RESPONSE, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const call = await importCall(request, request.params.id);
      // A page that is not a number names no page: the 404 of a missing one, like a malformed id.
      if (!PAGE_NUMBER.test(request.params.n)) throw notFound();
      const page = Number(request.params.n);
      const file = await readImportFile(db, { ...call, fileId: request.params.fileId, page });
      const png = await tiffPagePng(storage, file.stored_name, page);
      if (!png) throw notFound();
      return reply
        .type('image/png')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', NO_STORE)
        .send(png);
    },
  );
  done();
};
