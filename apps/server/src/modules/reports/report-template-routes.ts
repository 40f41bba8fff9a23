import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '@referrals/domain/api';
import {
  ReportTemplatePageSchema,
  ReportTemplateSchema,
  ReportTemplateWriteSchema,
} from '@referrals/domain/reports/report-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { toPage } from '../../http/paging.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { actsForAnEstablishment } from '../tenancy/route-access.ts';
import { listReportTemplates } from './list-report-templates.ts';
import { createReportTemplate, deleteReportTemplate, updateReportTemplate } from './save-report-template.ts';

const TemplateParamsSchema = z.object({ id: z.string() });

/**
 * Report templates at reports/templates/ (spec section 7 Reports; section 3: report_body and
 * establishment): the current establishment's own, read by its staff and written by those who write
 * reports (accept_referral); another establishment's template is a 404 like a missing one.
 */
export const reportTemplateRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['reports'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const config = { access: actsForAnEstablishment };
  const url = '/api/reports/templates/';
  const withVersion = { ...errors, 409: errors[404], 428: errors[404] };

  app.get(
    url,
    {
      config,
      schema: {
        tags,
        operationId: 'listReportTemplates',
        summary: 'Your establishment’s report templates by name (paged)',
        security,
        querystring: PageQuerySchema,
        response: { 200: ReportTemplatePageSchema, ...errors },
      },
    },
    async (request) => {
      const { count, results } = await listReportTemplates(db, {
        caller: await callerOf(request),
        query: request.query,
      });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.post(
    url,
    {
      config,
      schema: {
        tags,
        operationId: 'createReportTemplate',
        summary: 'Add a report template for your establishment (needs accept_referral)',
        security,
        body: ReportTemplateWriteSchema,
        response: { 201: ReportTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      return reply.status(201).send(await createReportTemplate(db, { caller, actor, body: request.body }));
    },
  );

  app.put(
    `${url}:id/`,
    {
      config,
      schema: {
        tags,
        operationId: 'updateReportTemplate',
        summary: 'Replace one of your establishment’s report templates (send the version you read)',
        security,
        params: TemplateParamsSchema,
        body: ReportTemplateWriteSchema,
        response: { 200: ReportTemplateSchema, ...withVersion },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      return updateReportTemplate(db, { caller, actor, id: request.params.id, body: request.body });
    },
  );

  app.delete(
    `${url}:id/`,
    {
      config,
      schema: {
        tags,
        operationId: 'deleteReportTemplate',
        summary: 'Delete one of your establishment’s report templates',
        security,
        params: TemplateParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      await deleteReportTemplate(db, { caller, actor: auditActorOf(request, caller), id: request.params.id });
      return reply.status(204).send();
    },
  );
  done();
};
