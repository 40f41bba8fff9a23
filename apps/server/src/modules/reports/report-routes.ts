import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ReportConflictSchema,
  ReportListQuerySchema,
  ReportListSchema,
  ReportPageSchema,
  ReportSchema,
  ReportStatsSchema,
  ReportWriteSchema,
} from '@referrals/domain/reports/report-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { toPage } from '../../http/paging.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { ReferralIdParamsSchema, referralCall } from '../referrals/referral-call.ts';
import { callerOf } from '../tenancy/caller.ts';
import { actsForAnEstablishment } from '../tenancy/route-access.ts';
import { createReport } from './create-report.ts';
import { deleteReport } from './delete-report.ts';
import { listReports } from './list-reports.ts';
import { getReport, listReferralReports } from './read-report.ts';
import { ReferralReportParamsSchema, reportCall } from './report-call.ts';
import { reportStats } from './report-stats.ts';
import { markReportUnderReview, reviewReport } from './review-report.ts';
import { submitReport } from './submit-report.ts';
import { updateReport } from './update-report.ts';
import { viewReport } from './view-report.ts';

const SIDES =
  ' The referral’s receiver side writes its reports; its sender side reads and reviews them; a reader it ' +
  'was shared with reads them. A draft is its receiver side’s alone; anyone else gets 404.';

/**
 * Clinical reports (spec section 7 Reports; docs/reports.md): a referral's reports, the lifecycle calls,
 * the reports inbox and outbox and their counters. The lifecycle calls change state, so they are POST where
 * the spec lists GET (api-conventions.md); a GET there answers 405.
 */
export const reportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const storage = app.storage;
  const security = [{ bearer: [] }];
  const tags = ['reports'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const withConflict = { ...errors, 409: ReportConflictSchema };
  const config = { access: 'signed-in' as const };
  const one = '/api/referrals/:id/reports/:rid/';
  const callOf = (request: Parameters<typeof reportCall>[0], params: { id: string; rid: string }) =>
    reportCall(request, { referralId: params.id, reportId: params.rid });

  app.get(
    '/api/referrals/:id/reports/',
    {
      config,
      schema: {
        tags,
        operationId: 'listReferralReports',
        summary: 'The reports of a referral, oldest first (at most 20)',
        description: SIDES,
        security,
        params: ReferralIdParamsSchema,
        response: { 200: ReportListSchema, ...errors },
      },
    },
    async (request) => listReferralReports(db, await referralCall(request, request.params.id)),
  );

  app.post(
    '/api/referrals/:id/reports/',
    {
      config,
      schema: {
        tags,
        operationId: 'createReport',
        summary: 'Start a draft report on a referral your side received',
        description:
          'Title defaults to "Report", recipients to the referrer; `template` starts the body from one of ' +
          'your establishment’s report templates. The referral must be submitted, under review, updated, ' +
          'accepted, waitlisted or scheduled (409 otherwise); at most 20 reports a referral (400).' +
          SIDES,
        security,
        params: ReferralIdParamsSchema,
        body: ReportWriteSchema,
        response: { 201: ReportSchema, ...withConflict },
      },
    },
    async (request, reply) => {
      const call = await referralCall(request, request.params.id);
      return reply.status(201).send(await createReport(db, { ...call, body: request.body }));
    },
  );

  app.get(
    one,
    {
      config,
      schema: {
        tags,
        operationId: 'getReport',
        summary: 'One report, without marking it opened (see view)',
        description: SIDES,
        security,
        params: ReferralReportParamsSchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) => getReport(db, await callOf(request, request.params)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: one,
      config,
      schema: {
        tags,
        operationId: method === 'PUT' ? 'updateReport' : 'partialUpdateReport',
        summary: 'Edit a draft report (its author’s side)',
        description:
          'Send the `version` you read (428 without it, 409 when it changed). PUT sets every field (left ' +
          'out: its default), PATCH only those sent. The body keeps only the editor’s marks.',
        security,
        params: ReferralReportParamsSchema,
        body: ReportWriteSchema,
        response: { 200: ReportSchema, ...withConflict, 428: errors[401] },
      },
      handler: async (request) =>
        updateReport(db, {
          ...(await callOf(request, request.params)),
          body: request.body,
          merge: method === 'PATCH',
        }),
    });
  }

  app.delete(
    one,
    {
      config,
      schema: {
        tags,
        operationId: 'deleteReport',
        summary: 'Delete a draft report and its files for good',
        security,
        params: ReferralReportParamsSchema,
        response: { 204: z.undefined(), ...withConflict },
      },
    },
    async (request, reply) => {
      await deleteReport(db, { ...(await callOf(request, request.params)), storage });
      return reply.status(204).send();
    },
  );

  const actions = [
    [
      'submit',
      'submitReport',
      'Send a draft report to the referrer (DRFT to SBMT; author side)',
      submitReport,
    ],
    ['view', 'viewReport', 'Open a report: the referrer side’s first open moves SBMT to VWD', viewReport],
    [
      'underreview',
      'markReportUnderReview',
      'Mark a submitted or reviewed report under review (referrer side)',
      markReportUnderReview,
    ],
    ['review', 'reviewReport', 'Mark a report reviewed (SBMT or VWD to RVWD; referrer side)', reviewReport],
  ] as const;
  for (const [path, operationId, summary, run] of actions) {
    app.post(
      `${one}${path}/`,
      {
        config,
        schema: {
          tags,
          operationId,
          summary,
          description:
            'A side the action is not for gets 403; a status it is not allowed from, 409 naming the ' +
            'report’s status. `within_establishment` is accepted and changes nothing.',
          security,
          params: ReferralReportParamsSchema,
          querystring: z.object({ within_establishment: z.string().optional() }),
          response: { 200: ReportSchema, ...withConflict },
        },
      },
      async (request) => run(db, await callOf(request, request.params)),
    );
  }

  app.get(
    '/api/reports/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'listReports',
        summary: 'The reports inbox or outbox at your current establishment (paged)',
        description:
          '`box=inbox` (default): reports on referrals your side sent; `box=outbox`: reports your side ' +
          'wrote. `list` is a section 2 list type (inbox: all, new, under-review, reviewed; outbox also ' +
          'sent and drafts). Newest first by submission (drafts by their last change).',
        security,
        querystring: ReportListQuerySchema,
        response: { 200: ReportPageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      const { count, results } = await listReports(db, { caller, actor, query: request.query });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.get(
    '/api/reports/stats/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'getReportStats',
        summary: 'The reports inbox, outbox and drafts counters at your current establishment',
        security,
        response: { 200: ReportStatsSchema, ...errors },
      },
    },
    async (request) => reportStats(db, await callerOf(request)),
  );
  done();
};
