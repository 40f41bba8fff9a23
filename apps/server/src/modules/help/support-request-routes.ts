import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import { SUPPORT_REQUEST_SENT, SupportRequestSchema } from '@referrals/domain/help/support-request-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { createSupportRequest } from './create-support-request.ts';

/** The Help Desk's support request (docs/help-desk.md). */
export const supportRequestRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  app.post(
    '/api/support-requests/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['help'],
        operationId: 'createSupportRequest',
        summary: 'Ask the support team for help',
        description:
          'Mails the support team (SUPPORT_EMAIL) through the job runner with your name, email, role, ' +
          'current establishment and the screen you came from (`page`, a path: a query string is dropped). ' +
          '202 once queued; at most five an hour a person (429 after).',
        security: [{ bearer: [] }],
        body: SupportRequestSchema,
        response: {
          202: z.object({ detail: z.string() }),
          ...SIGNED_IN_ERROR_RESPONSES,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await createSupportRequest(db, {
        caller,
        actor: auditActorOf(request, caller),
        body: request.body,
        supportEmail: app.config.supportEmail,
      });
      return reply.code(202).send({ detail: SUPPORT_REQUEST_SENT });
    },
  );
  done();
};
