import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ReferralConflictSchema, ReferralSchema } from '@referrals/domain/referrals/referral-schemas';
import { ReferralDocumentReferenceSchema } from '@referrals/domain/clinical-record/clinical-record-schemas';
import { SetVitroEpisodeIdSchema } from '@referrals/domain/referrals/vitro-episode-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { ReferralIdParamsSchema, referralCall } from '../referral-call.ts';
import { exportReferralDocument } from '../../clinical-record/export-referral-document.ts';
import { setVitroEpisodeId } from './set-vitro-episode-id.ts';

/** A referral's clinical-system links and exports (spec section 7 EMR). */
export const referralEmrRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.post(
    '/api/referrals/:id/set-vitro-episode-id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['referrals'],
        operationId: 'setReferralVitroEpisodeId',
        summary: 'Link a referral to the episode the receiver opened for it (null unlinks it)',
        description:
          'Receiver side only (the sender side and shared-with readers get 403); a referral recalled to a ' +
          'draft is a 409. The id is letters, digits and `. _ / -`, up to 64 characters. Answers the ' +
          'referral, with its history row.',
        security: [{ bearer: [] }],
        params: ReferralIdParamsSchema,
        body: SetVitroEpisodeIdSchema,
        response: { 200: ReferralSchema, ...SIGNED_IN_ERROR_RESPONSES, 409: ReferralConflictSchema },
      },
    },
    async (request) =>
      setVitroEpisodeId(db, { ...(await referralCall(request, request.params.id)), body: request.body }),
  );
  app.get(
    '/api/referrals/:id/export-to-emr/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['referrals'],
        operationId: 'exportReferralToEmr',
        summary: 'The referral letter as a FHIR DocumentReference, to file in a clinical record by hand',
        description:
          'For anyone who may see the referral: the DocumentReference (R4) that filing back sends, with the ' +
          'letter as a base64 PDF. Its subject and author are the clinical record’s own when the referral ' +
          'was started from a launch, else the names. Answered as application/fhir+json, for download.',
        security: [{ bearer: [] }],
        params: ReferralIdParamsSchema,
        response: { 200: ReferralDocumentReferenceSchema, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const document = await exportReferralDocument(db, await referralCall(request, request.params.id));
      return reply
        .status(200)
        .type('application/fhir+json')
        .header('content-disposition', 'attachment; filename="referral-letter.fhir.json"')
        .send(document);
    },
  );
  done();
};
