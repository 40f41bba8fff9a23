import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import {
  ACCESS_LINK_DAYS,
  ACCESS_SESSION_MINUTES,
  ExternalAccessDetailSchema,
  ExternalAccessLinkSchema,
  ExternalAccessSessionSchema,
  ExternalOriginSchema,
  ExternalShareSchema,
  ExternalVerificationSchema,
  LINK_REFRESH_REQUESTED,
  LINK_SENT,
  PATIENT_LINK_SENT,
  MAX_WRONG_ANSWERS,
  verificationOf,
} from '@referrals/domain/external-access/external-access-schemas';
import { queryFlag } from '@referrals/domain/query-params';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { callerOf } from '../tenancy/caller.ts';
import { accessCallOf } from './access-link-lookup.ts';
import {
  ACCESS_ERROR_RESPONSES,
  AccessQuerySchema,
  AccessSessionHeadersSchema,
  attachmentReply,
  jsonOrFiles,
  pdfReply,
} from './external-access-http.ts';
import { ReferralIdParamsSchema, referralCall } from '../referrals/referral-call.ts';
import { findExternalOrigin } from './find-external-origin.ts';
import { sendPatientAccessLink } from './send-patient-access-link.ts';
import {
  readAccessLink,
  readExternalAttachment,
  readExternalReferralLetter,
} from './read-external-referral.ts';
import { refreshReferralAccess } from './refresh-referral-access.ts';
import { shareReferralAccess } from './share-referral-access.ts';
import { verifyReferralAccess } from './verify-referral-access.ts';

const ABOUT_LINKS =
  `A link (?access=) is emailed to a referral's sender or patient, or shared by them; it works for ` +
  `${String(ACCESS_LINK_DAYS)} days. An unknown, expired, locked or other referral's token answers exactly ` +
  'like a missing one (404).';

const ReadQuerySchema = AccessQuerySchema.extend({
  /** The referral letter instead of the JSON (needs a session). */
  pdf: queryFlag,
  /** One of the files the view lists, by id, instead of the JSON (needs a session). */
  attachment: z.string().max(100).optional(),
});

/**
 * The referral without an account (spec sections 2 /referrals/external and /referrals/external-origin, 7
 * "Referrals: External"; docs/external-access.md): the link, its verification, the referral's letter and
 * files, a renewal, a share, and the way from a link into the app for someone signed in.
 */
export const externalReferralRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const tags = ['external-access'];
  const config = { access: 'public' as const };

  app.get(
    '/api/referrals/external/',
    {
      config,
      schema: {
        tags,
        operationId: 'readExternalReferral',
        summary:
          'Whether an access link works and how to verify it; with a session the referral, its letter or a file',
        description:
          `${ABOUT_LINKS} Without a session: how it may be verified (no referral data). With X-Access-Session: ` +
          'the referral as the link shows it (audited), `pdf=true` its letter (403 for the patient’s side when ' +
          'the referrer’s contact is hidden from the patient), `attachment={id}` one of the files it lists.',
        querystring: ReadQuerySchema,
        headers: AccessSessionHeadersSchema,
        response: {
          200: jsonOrFiles(ExternalAccessLinkSchema, 'The link, or the letter, or a file.'),
          ...ACCESS_ERROR_RESPONSES,
          403: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const call = accessCallOf(request);
      const { pdf, attachment } = request.query;
      if (attachment !== undefined) {
        const file = await readExternalAttachment(db, { call, attachmentId: attachment });
        return attachmentReply(reply, storage, file);
      }
      if (pdf) return pdfReply(reply, await readExternalReferralLetter(db, { call }), 'referral.pdf');
      return readAccessLink(db, { call });
    },
  );

  // The spec has the reports page verify and renew on its own path (section 7 Reports): the same calls.
  for (const [base, name] of [
    ['/api/referrals/external/', 'Referral'],
    ['/api/reports/external/', 'Reports'],
  ] as const) {
    app.post(
      base,
      {
        config,
        schema: {
          tags,
          operationId: `verifyExternal${name}Access`,
          summary:
            'Verify an access link: the patient’s details, or the submitted date and the verification code',
          description:
            `${ABOUT_LINKS} Right: a session for ${String(ACCESS_SESSION_MINUTES)} minutes and the referral. ` +
            `Wrong: 400 {detail} whichever detail was wrong; the ${String(MAX_WRONG_ANSWERS)}th wrong answer ` +
            'locks the link, after which every answer (the right one too) is a 404. At most 30 answers an ' +
            'hour from one address (429).',
          querystring: AccessQuerySchema,
          body: ExternalVerificationSchema,
          response: { 200: ExternalAccessSessionSchema, ...ACCESS_ERROR_RESPONSES, 429: DetailErrorSchema },
        },
      },
      async (request) =>
        verifyReferralAccess(db, { call: accessCallOf(request), answer: verificationOf(request.body) }),
    );

    app.get(
      `${base}refresh-access/`,
      {
        config,
        schema: {
          tags,
          operationId: `refreshExternal${name}Access`,
          summary: 'Mail a new link to the address an expired or locked link went to',
          description:
            '202 with the same answer whatever the token (unknown, still working, renewed, or its address ' +
            'over three new links an hour): it tells nobody anything. The new link goes only where the old ' +
            'one went.',
          querystring: AccessQuerySchema,
          response: { 202: ExternalAccessDetailSchema, 400: ACCESS_ERROR_RESPONSES[400] },
        },
      },
      async (request, reply) => {
        await refreshReferralAccess(db, { call: accessCallOf(request) });
        return reply.code(202).send({ detail: LINK_REFRESH_REQUESTED });
      },
    );
  }

  app.post(
    '/api/referrals/external/share/',
    {
      config,
      schema: {
        tags,
        operationId: 'shareExternalReferralAccess',
        summary: 'Send someone a link of their own to the referral (needs a session)',
        description:
          'The new link shows what the patient sees, and asks the same questions. At most three links an ' +
          'hour to one address and ten a day through one link (429).',
        querystring: AccessQuerySchema,
        headers: AccessSessionHeadersSchema,
        body: ExternalShareSchema,
        response: { 202: ExternalAccessDetailSchema, ...ACCESS_ERROR_RESPONSES, 429: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      await shareReferralAccess(db, { call: accessCallOf(request), email: request.body.email });
      return reply.code(202).send({ detail: LINK_SENT });
    },
  );

  app.get(
    '/api/referrals/external-origin/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'findExternalReferralOrigin',
        summary: 'The referral an access link names, for a signed-in person who may see it in the app',
        description:
          'So that the web can go from a link to /referrals/{id}. Anyone who may not see the referral, or an ' +
          'unknown token, gets the 404 of a missing one.',
        security: [{ bearer: [] }],
        querystring: z.object({ token: z.string().default('') }),
        response: { 200: ExternalOriginSchema, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request) =>
      findExternalOrigin(db, { caller: await callerOf(request), token: request.query.token }),
  );

  app.post(
    '/api/referrals/:id/patient-link/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'sendPatientReferralLink',
        summary: 'Email the patient a link to follow the referral without an account',
        description:
          'Either side of a sent referral; the link goes to the address on the patient’s record (a 400 on ' +
          '`email` without one), at most three an hour for one referral (429). A shared-with reader gets 403, ' +
          'a draft 409, and anyone who may not see the referral the 404 of a missing one.',
        security: [{ bearer: [] }],
        params: ReferralIdParamsSchema,
        response: {
          202: ExternalAccessDetailSchema,
          ...SIGNED_IN_ERROR_RESPONSES,
          409: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await sendPatientAccessLink(db, await referralCall(request, request.params.id));
      return reply.code(202).send({ detail: PATIENT_LINK_SENT });
    },
  );
  done();
};
