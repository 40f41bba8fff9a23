import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MessageTemplateListQuerySchema,
  MessageTemplatePageSchema,
  MessageTemplateSchema,
  MessageTemplateWriteSchema,
} from '@referrals/domain/referrals/message-template-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { toPage } from '../../../http/paging.ts';
import { auditActorOf } from '../../audit/record-audit.ts';
import { callerOf } from '../../tenancy/caller.ts';
import { actsForAnEstablishment } from '../../tenancy/route-access.ts';
import { deleteMessageTemplate } from './delete-message-template.ts';
import { listMessageTemplates } from './list-message-templates.ts';
import { createMessageTemplate, updateMessageTemplate } from './save-message-template.ts';

const TemplateParamsSchema = z.object({ id: z.string() });

/**
 * Message templates at referrals/templates/messages/ (spec section 7): the current establishment's own;
 * another establishment's template is a 404 like a missing one.
 */
export const messageTemplateRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['referrals'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const config = { access: actsForAnEstablishment };
  const url = '/api/referrals/templates/messages/';

  app.get(
    url,
    {
      config,
      schema: {
        tags,
        operationId: 'listMessageTemplates',
        summary: 'Your establishment’s message templates by name; `message_type` narrows to one type',
        security,
        querystring: MessageTemplateListQuerySchema,
        response: { 200: MessageTemplatePageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { count, results } = await listMessageTemplates(db, { caller, query: request.query });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.post(
    url,
    {
      config,
      schema: {
        tags,
        operationId: 'createMessageTemplate',
        summary: 'Add a message template for your establishment',
        security,
        body: MessageTemplateWriteSchema,
        response: { 201: MessageTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      return reply.status(201).send(await createMessageTemplate(db, { caller, actor, body: request.body }));
    },
  );

  app.put(
    `${url}:id/`,
    {
      config,
      schema: {
        tags,
        operationId: 'updateMessageTemplate',
        summary: 'Replace one of your establishment’s message templates',
        security,
        params: TemplateParamsSchema,
        body: MessageTemplateWriteSchema,
        response: { 200: MessageTemplateSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      return updateMessageTemplate(db, { caller, actor, id: request.params.id, body: request.body });
    },
  );

  app.delete(
    `${url}:id/`,
    {
      config,
      schema: {
        tags,
        operationId: 'deleteMessageTemplate',
        summary: 'Delete one of your establishment’s message templates',
        security,
        params: TemplateParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await deleteMessageTemplate(db, {
        caller,
        actor: auditActorOf(request, caller),
        id: request.params.id,
      });
      return reply.status(204).send();
    },
  );
  done();
};
