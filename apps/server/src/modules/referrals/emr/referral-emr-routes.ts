import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ReferralConflictSchema, ReferralSchema } from '@referrals/domain/referrals/referral-schemas';
import { SetVitroEpisodeIdSchema } from '@referrals/domain/referrals/vitro-episode-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { ReferralIdParamsSchema, referralCall } from '../referral-call.ts';
import { setVitroEpisodeId } from './set-vitro-episode-id.ts';

/** The receiver's clinical-system links on a referral (spec section 7 EMR). */
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
  done();
};
