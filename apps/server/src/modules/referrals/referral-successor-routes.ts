import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ForwardReferralSchema,
  RenewReferralSchema,
} from '@referrals/domain/referrals/referral-action-schemas';
import { ReferralConflictSchema, ReferralSchema } from '@referrals/domain/referrals/referral-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { cloneReferral } from './actions/clone-referral.ts';
import { copyReferral } from './actions/copy-referral.ts';
import { forwardReferral } from './actions/forward-referral.ts';
import { renewReferral } from './actions/renew-referral.ts';
import { ReferralActionQuerySchema, ReferralDryRunSchema } from './actions/referral-action-run.ts';
import { ReferralIdParamsSchema, referralCall } from './referral-call.ts';

/**
 * The actions that create a referral from another (spec section 7; referral-lifecycle.md): forward (the
 * receiver sends it on), renew, clone and copy (the sender). Each runs in one transaction with the
 * original's history and the new referral's.
 */
export const referralSuccessorRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const { storage } = app;
  const common = { tags: ['referrals'], security: [{ bearer: [] }], params: ReferralIdParamsSchema };
  const errors = { ...SIGNED_IN_ERROR_RESPONSES, 409: ReferralConflictSchema };
  const querystring = ReferralActionQuerySchema;
  const validate = (query: { validate?: 'true' | 'false' }) => query.validate === 'true';
  const DRY_RUN =
    ' With `?validate=true` every check runs and the answer is 200 `{ "valid": true }` or the 400 or 409 ' +
    'the commit would give; nothing is changed.';

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/referrals/:id/forward/',
      config: { access: 'signed-in' },
      schema: {
        ...common,
        operationId: method === 'PUT' ? 'forwardReferral' : 'partialForwardReferral',
        summary:
          'Forward a referral to another establishment (receiver side); answers the original, now FWRD',
        description:
          'The new receiver must be an approved establishment other than yours; the assignee must work there ' +
          '(or forwarded_no_named_specialist). A new referral arrives there submitted, with is_forwarded and ' +
          'forwarded_from_referral_id, and copies of the referrer and supplementary attachments.' +
          DRY_RUN,
        querystring,
        body: ForwardReferralSchema,
        response: { 200: z.union([ReferralSchema, ReferralDryRunSchema]), ...errors },
      },
      handler: async (request) =>
        forwardReferral(db, {
          ...(await referralCall(request, request.params.id)),
          body: request.body,
          validate: validate(request.query),
          storage,
        }),
    });
  }

  app.put(
    '/api/referrals/:id/renew/',
    {
      config: { access: 'signed-in' },
      schema: {
        ...common,
        operationId: 'renewReferral',
        summary:
          'Renew an accepted, waitlisted or scheduled referral (sender side); answers the new referral',
        description:
          'The new referral carries copies of the referrer and supplementary attachments.' + DRY_RUN,
        querystring,
        body: RenewReferralSchema,
        response: { 200: ReferralDryRunSchema, 201: ReferralSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await renewReferral(db, {
        ...(await referralCall(request, request.params.id)),
        body: request.body,
        validate: validate(request.query),
        storage,
      });
      return 'valid' in result ? reply.status(200).send(result) : reply.status(201).send(result);
    },
  );

  const copies = [
    {
      verb: 'clone',
      act: cloneReferral,
      summary: 'A new draft with the same patient, receiver, forms, messages and referrer attachments',
    },
    {
      verb: 'copy',
      act: copyReferral,
      summary: 'A new draft to the same receiver with the same forms, no patient and no attachments',
    },
  ] as const;
  for (const { verb, act, summary } of copies) {
    app.post(
      `/api/referrals/:id/${verb}/`,
      {
        config: { access: 'signed-in' },
        schema: {
          ...common,
          operationId: `${verb}Referral`,
          summary: `${summary} (sender side)`,
          response: { 201: ReferralSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await act(db, { ...(await referralCall(request, request.params.id)), storage })),
    );
  }
  done();
};
