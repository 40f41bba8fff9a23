import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import {
  ReferralConflictSchema,
  ReferralCreateSchema,
  ReferralHistorySchema,
  ReferralSchema,
  ReferralWriteSchema,
} from '@referrals/domain/referrals/referral-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { actsForAnEstablishment } from '../tenancy/route-access.ts';
import { createReferral } from './actions/create-referral.ts';
import { submitReferral } from './actions/submit-referral.ts';
import { updateReferral } from './actions/update-referral.ts';
import { viewReferral } from './actions/view-referral.ts';
import { readReferral, readReferralHistory } from './read-referral.ts';
import { ReferralIdParamsSchema, referralCall } from './referral-call.ts';

/**
 * One referral (spec section 7 Referrals): create a draft, read, edit the draft, submit, view, history.
 * Submit and view change state, so they are POST where the spec lists GET (api-conventions.md); a GET
 * there answers 405.
 * Every call goes through the referral visibility function; another establishment's referral is a 404.
 */
export const referralRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['referrals'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const withConflict = { ...errors, 409: ReferralConflictSchema };

  app.post(
    '/api/referrals/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'createReferral',
        summary: 'Start a draft referral from the current establishment',
        description:
          'Needs add_referral and the right to send (section 6). The receiver must be an approved ' +
          'establishment other than your own; the assignee must work there; the patient must be one your ' +
          'establishment sees. Defaults: status DRFT, the referrer message, duration 12 (3 from a specialist).',
        security,
        body: ReferralCreateSchema,
        response: { 201: ReferralSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      return reply.status(201).send(await createReferral(db, { caller, actor, body: request.body }));
    },
  );

  app.get(
    '/api/referrals/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'getReferral',
        summary: 'One referral, with your side of it and the actions your side may take now',
        security,
        params: ReferralIdParamsSchema,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) => readReferral(db, await referralCall(request, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/referrals/:id/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateReferral' : 'partialUpdateReferral',
        summary: 'Edit a draft (sender side, status DRFT); send the version you read',
        security,
        params: ReferralIdParamsSchema,
        body: ReferralWriteSchema,
        response: { 200: ReferralSchema, ...withConflict, 428: DetailErrorSchema },
      },
      handler: async (request) =>
        updateReferral(db, { ...(await referralCall(request, request.params.id)), body: request.body }),
    });
  }

  app.post(
    '/api/referrals/:id/submit/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'submitReferral',
        summary: 'Send a draft to its receiver (SBMT, or UPDT after a recall)',
        description:
          'Needs a receiver (or MANUAL receiver details), a patient and a referrer message; a complete ' +
          '`medication_order` when the receiver has `digital_ordering`, and none when it has not.',
        security,
        params: ReferralIdParamsSchema,
        response: { 200: ReferralSchema, ...withConflict },
      },
    },
    async (request) => submitReferral(db, await referralCall(request, request.params.id)),
  );

  app.post(
    '/api/referrals/:id/view/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'viewReferral',
        summary: 'Open a referral: the receiver side’s first open marks it Under review',
        security,
        params: ReferralIdParamsSchema,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) => viewReferral(db, await referralCall(request, request.params.id)),
  );

  app.get(
    '/api/referrals/:id/history/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'getReferralHistory',
        summary: 'What happened to the referral, oldest first (both sides see it)',
        security,
        params: ReferralIdParamsSchema,
        response: { 200: ReferralHistorySchema, ...errors },
      },
    },
    async (request) => readReferralHistory(db, await referralCall(request, request.params.id)),
  );
  done();
};
