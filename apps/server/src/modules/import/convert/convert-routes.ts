import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodedValueSchema } from '@referrals/domain/api';
import { ImportConvertSchema } from '@referrals/domain/referrals/manual-referral-schemas';
import { ReferralSchema } from '@referrals/domain/referrals/referral-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { ImportKindItemParamsSchema, importCall } from '../queue/import-call.ts';
import { convertImportItem } from './convert-import-item.ts';

/** The 409 of a conversion the item's status refuses, naming the status. */
const ConvertConflictSchema = z.object({ detail: z.string(), status: CodedValueSchema.optional() });

/** POST import/{kind}/{id}/convert/: an import item becomes a MANUAL referral (docs/import-queue.md). */
export const importConvertRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;

  app.post(
    '/api/import/:kind/:id/convert/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['import'],
        operationId: 'convertImportItem',
        summary: 'Convert an import item into a MANUAL referral in your inbox New',
        description:
          '`kind` (email, fax or hl7) must be the item’s. The body is the MANUAL referral’s: `patient` (an ' +
          'existing patient of yours) or `new_patient` (matched by Medicare number, else by name and date ' +
          'of birth, else created), `referrer` (typed, or `directory_doctor`), the message, manual_gp and ' +
          'the internal note; `files` chooses the item’s files to move to the referral (all by default), ' +
          'a fax’s TIFF becoming a PDF of its pages. The item is then converted, linked to the referral, ' +
          'and its activity says so; converting it again, or a dismissed item, is a 409. Answers the ' +
          'referral. For the staff of your current establishment with accept_referral; anyone else, and ' +
          'another establishment’s item, get the 404 of a missing one.',
        security: [{ bearer: [] }],
        params: ImportKindItemParamsSchema,
        body: ImportConvertSchema,
        response: { 201: ReferralSchema, ...SIGNED_IN_ERROR_RESPONSES, 409: ConvertConflictSchema },
      },
    },
    async (request, reply) => {
      const referral = await convertImportItem(db, {
        call: await importCall(request, request.params.id),
        kind: request.params.kind,
        body: request.body,
        storage,
      });
      return reply.status(201).send(referral);
    },
  );
  done();
};
