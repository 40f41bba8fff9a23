import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  ExternalCodeSentSchema,
  ExternalDraftCreatedSchema,
  ExternalReferralDraftSchema,
  ExternalReferralDraftCreateSchema,
  ExternalReferralDraftWriteSchema,
  ExternalReferralSubmitSchema,
  ExternalReferralSubmittedSchema,
} from '@referrals/domain/portals/external-referral-schemas';
import { throttled } from '../../../http/api-errors.ts';
import { auditActorOf } from '../../audit/record-audit.ts';
import { captchaSecret } from './captcha.ts';
import { createExternalDraft } from './create-external-draft.ts';
import {
  DraftParamsSchema,
  DraftTokenHeadersSchema,
  draftCallOf,
  findDraft,
  PortalParamsSchema,
} from './draft-access.ts';
import { draftView } from './draft-queries.ts';
import { sendDraftCode } from './send-draft-code.ts';
import { submitExternalReferral } from './submit-external-referral.ts';
import { updateExternalDraft } from './update-external-draft.ts';

const DRAFTS = '/api/public/establishments/:id/referrals/';
const DRAFT = `${DRAFTS}:ref/`;
const SAME_404 =
  'A wrong or missing X-Draft-Token, an expired or submitted draft, another establishment’s draft and a portal ' +
  'that is off or no longer takes the sender type all answer the same 404.';

/**
 * An external referral's draft on an establishment's public portal (spec section 7 Public;
 * docs/portals.md, Sending a referral), without signing in: made, read back and saved, the sender's address
 * proved by an emailed code, and submitted with the code and the captcha's solution. The draft's secret
 * (X-Draft-Token) is what opens it.
 */
export const externalDraftRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const tags = ['portals'];
  const config = { access: 'public' as const };

  app.post(
    DRAFTS,
    {
      config,
      schema: {
        tags,
        operationId: 'createExternalReferralDraft',
        summary: 'Start an external referral on a public portal (no sign-in)',
        description:
          'Makes a draft with what the body already holds and answers its secret once, in draft_token: ' +
          'every later call about the draft sends it as X-Draft-Token. The draft expires after 24 hours. ' +
          'A portal that is off, or does not take the sender type, answers 404; more than 20 drafts an ' +
          'hour from one address 429.',
        params: PortalParamsSchema,
        body: ExternalReferralDraftWriteSchema,
        response: {
          201: ExternalDraftCreatedSchema,
          400: FieldErrorsSchema,
          404: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(
          await createExternalDraft(db, {
            establishmentId: request.params.id,
            ip: request.ip,
            body: request.body,
          }),
        ),
  );

  app.post(
    '/api/public/referrals/',
    {
      config,
      schema: {
        tags,
        operationId: 'createExternalReferralDraftFor',
        summary: 'Start an external referral, naming the portal’s establishment in the body (no sign-in)',
        description:
          'Spec section 7 `POST public/referrals/`: the same as POST public/establishments/{id}/referrals/ ' +
          'with the id as `establishment`; every later call uses the draft’s own paths.',
        body: ExternalReferralDraftCreateSchema,
        response: {
          201: ExternalDraftCreatedSchema,
          400: FieldErrorsSchema,
          404: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { establishment, ...body } = request.body;
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await createExternalDraft(db, { establishmentId: establishment, ip: request.ip, body }));
    },
  );

  app.get(
    DRAFT,
    {
      config,
      schema: {
        tags,
        operationId: 'getExternalReferralDraft',
        summary: 'Read back an external referral draft (X-Draft-Token)',
        description: SAME_404,
        params: DraftParamsSchema,
        headers: DraftTokenHeadersSchema,
        response: { 200: ExternalReferralDraftSchema, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const { draft } = await findDraft(db, draftCallOf(request));
      return reply.header('cache-control', 'no-store').send(await draftView(db, draft));
    },
  );

  app.patch(
    DRAFT,
    {
      config,
      schema: {
        tags,
        operationId: 'updateExternalReferralDraft',
        summary: 'Save an external referral draft (X-Draft-Token; fields left out stay)',
        description:
          'Sender and patient fields replace the stored ones one by one, forms one template at a time ' +
          '(checked against the establishment’s templates, hidden fields cleared with their files). A ' +
          'patient sender’s provider number is dropped (section 5); a new sender address forgets the code ' +
          `sent to the old one. ${SAME_404}`,
        params: DraftParamsSchema,
        headers: DraftTokenHeadersSchema,
        body: ExternalReferralDraftWriteSchema,
        response: { 200: ExternalReferralDraftSchema, 400: FieldErrorsSchema, 404: DetailErrorSchema },
      },
    },
    async (request) =>
      updateExternalDraft(db, {
        call: draftCallOf(request),
        storage: app.storage,
        body: request.body,
      }),
  );

  app.get(
    `${DRAFT}verification-code/`,
    {
      config,
      schema: {
        tags,
        operationId: 'sendExternalReferralCode',
        summary: 'Email the draft’s sender a 6-digit code (X-Draft-Token)',
        description:
          'A new code to the sender’s address, good for its minute and one more; the draft’s earlier code ' +
          'stops working. A draft without a valid sender email is a 400 on sender.email. Within 60 seconds ' +
          'of the last code (section 9), or after 10 codes in half an hour from one address, nothing is ' +
          `sent: 429 with Retry-After in seconds. The spec names this call a GET. ${SAME_404}`,
        params: DraftParamsSchema,
        headers: DraftTokenHeadersSchema,
        response: {
          200: ExternalCodeSentSchema,
          400: FieldErrorsSchema,
          404: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await sendDraftCode(db, { call: draftCallOf(request), ip: request.ip });
      if ('retryAfter' in result) {
        return reply
          .status(429)
          .header('retry-after', String(result.retryAfter))
          .send({ detail: throttled().message });
      }
      // The sender waits for the mail: the job runner delivers it now rather than at its next poll.
      app.jobs.wake();
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.post(
    `${DRAFT}submit/`,
    {
      config,
      schema: {
        tags,
        operationId: 'submitExternalReferral',
        summary: 'Send the external referral (X-Draft-Token, the emailed code and the captcha)',
        description:
          'Checked in this order, each a 400 that stores nothing: the mandatory fields of the sender type ' +
          'and the patient’s details, the code ({"code": [...]}; five wrong codes spend it), the captcha ' +
          '({"altcha": [...]}: missing, malformed, wrong, expired or already used). The referral then ' +
          'goes to the establishment’s inbox as EXTERNAL, submitted, its files moved from the draft, and ' +
          'the receiver is notified: 201. The same draft submitted again (a double click, a retry) answers ' +
          `the same referral with 200 and makes no other; its secret opens nothing else any more. ${SAME_404}`,
        params: DraftParamsSchema,
        headers: DraftTokenHeadersSchema,
        body: ExternalReferralSubmitSchema,
        response: {
          200: ExternalReferralSubmittedSchema,
          201: ExternalReferralSubmittedSchema,
          400: FieldErrorsSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, answer } = await submitExternalReferral(db, {
        call: draftCallOf(request),
        actor: auditActorOf(request, { userId: null }),
        body: request.body,
        captchaSecret: await captchaSecret(db),
      });
      if (created) app.jobs.wake();
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  done();
};
