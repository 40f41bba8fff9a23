import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { ManualReferralCreateSchema } from '@referrals/domain/referrals/manual-referral-schemas';
import {
  ReferralConflictSchema,
  ReferralCreateSchema,
  ReferralHistorySchema,
  ReferralSchema,
  ReferralWriteSchema,
} from '@referrals/domain/referrals/referral-schemas';
import { validationFailed } from '../../http/api-errors.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { actsForAnEstablishment } from '../tenancy/route-access.ts';
import { checkManualReferral, createManualReferral } from './actions/create-manual-referral.ts';
import { createReferral } from './actions/create-referral.ts';
import { readManualReferralUpload } from './manual/manual-referral-upload.ts';
import { submitReferral } from './actions/submit-referral.ts';
import { updateReferral } from './actions/update-referral.ts';
import { viewReferral } from './actions/view-referral.ts';
import { readReferral, readReferralHistory } from './read-referral.ts';
import { ReferralIdParamsSchema, referralCall } from './referral-call.ts';

/**
 * Whether a JSON body of POST referrals/ records a MANUAL referral that reached the caller's establishment
 * (docs/import-queue.md) rather than starting a draft: it names the letter's `referrer` or the patient's
 * details. A draft has neither (its referrer is always its sender), including a MANUAL draft to a receiver
 * not listed, which stays a draft.
 */
function recordsManualReferral(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  return (body as { type?: unknown }).type === 'MANUAL' && ('referrer' in body || 'new_patient' in body);
}

/**
 * POST referrals/ checks a JSON body against the one schema it is written to, so a 400 names that body's
 * fields rather than a union's; the route's schema stays the union, which types and documents it. A
 * multipart body (a MANUAL referral with its files; null here) is read by the handler, part by part.
 */
function createReferralValidator<S>(
  route: Parameters<FastifySchemaCompiler<S>>[0],
): ReturnType<FastifySchemaCompiler<S>> {
  // Fastify hands each part its own schema: for the body, the union below; zod schemas all.
  const part = route as unknown as Parameters<typeof validatorCompiler>[0];
  if (part.httpPart !== 'body') return validatorCompiler(part);
  const manual = validatorCompiler({ ...part, schema: ManualReferralCreateSchema });
  const draft = validatorCompiler({ ...part, schema: ReferralCreateSchema });
  return (data) =>
    data == null ? { value: undefined } : recordsManualReferral(data) ? manual(data) : draft(data);
}

/**
 * One referral (spec section 7 Referrals): create a draft, read, edit the draft, submit, view, history.
 * Submit and view change state, so they are POST where the spec lists GET (api-conventions.md); a GET
 * there answers 405.
 * Every call goes through the referral visibility function; another establishment's referral is a 404.
 */
const NO_BODY = 'Send the referral as JSON, or a MANUAL referral with its files as multipart/form-data.';

export const referralRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
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
        summary:
          'Start a draft referral from the current establishment, or record a MANUAL referral received',
        description:
          'A draft: needs add_referral and the right to send (section 6). The receiver must be an approved ' +
          'establishment other than your own; the assignee must work there; the patient must be one your ' +
          'establishment sees. Defaults: status DRFT, the referrer message, duration 12 (3 from a specialist). ' +
          'A MANUAL referral that reached your establishment on paper, by fax or by email (type MANUAL with ' +
          'the letter’s `referrer`): needs accept_referral; as JSON, or as multipart/form-data with the JSON ' +
          'field `referral` first and then up to 20 files `referrer_attachments` (5 MB each, the types a ' +
          'referral attachment takes). It arrives submitted in your inbox New, with no sending establishment.',
        security,
        body: z.union([ReferralCreateSchema, ManualReferralCreateSchema]),
        response: { 201: ReferralSchema, ...errors, 413: FieldErrorsSchema },
      },
      validatorCompiler: createReferralValidator,
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      const body = request.body;
      if (request.isMultipart()) {
        const upload = await readManualReferralUpload(request, {
          storage,
          check: (manual) => checkManualReferral(caller, manual),
        });
        return reply.status(201).send(await createManualReferral(db, { caller, actor, storage, ...upload }));
      }
      if (body == null) throw validationFailed({ non_field_errors: [NO_BODY] });
      if ('referrer' in body) {
        return reply
          .status(201)
          .send(await createManualReferral(db, { caller, actor, storage, body, files: [] }));
      }
      return reply.status(201).send(await createReferral(db, { caller, actor, body }));
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
