import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AnalyticsQuerySchema,
  AnalyticsSchema,
  canSeeAnalytics,
} from '@referrals/domain/analytics/waiting-times';
import { z } from 'zod';
import { notFound } from '../../http/api-errors.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { platformAdminOnly, type AccessRule } from '../tenancy/route-access.ts';
import { establishmentSubject, networkSubject, readAnalytics } from './read-analytics.ts';

/** The establishment's account holder and practice managers, or a department's head (docs/analytics.md). */
const analyticsReader: AccessRule = {
  name: 'account holder, practice manager or head of department',
  allows: (caller) => canSeeAnalytics(caller.access),
};

const DESCRIPTION = [
  'Waiting times and volumes of the current establishment (a hospital with its departments), from',
  '`from` to `to` (inclusive, Sydney calendar, at most three years): referrals received and sent per',
  'week; per triage category the median and 90th-percentile days from submission to triage (of those',
  'triaged in the range) and to the appointment (of those seen in it), against the recommended time',
  '(Category 1 30 days, 2 90, 3 365) with the share seen within it; who waits now, by stage, with the',
  'oldest; the returned, recalled and forwarded rates with their reasons; the top referrers and receivers.',
  '',
  'Filters: `department` (one of a hospital’s), `triage_category`, `referrer` (the referring',
  'establishment; narrows what was received), `type`. No patient is named, and a count of 1 to 4, or a',
  'figure computed from fewer than 5 referrals, is null (small-cell suppression). Audited as',
  'analytics.read.',
].join('\n');

export const analyticsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  app.get(
    '/api/analytics/',
    {
      config: { access: analyticsReader },
      schema: {
        tags: ['analytics'],
        operationId: 'getAnalytics',
        summary: 'Waiting times and volumes of the current establishment, with small cells suppressed',
        description: DESCRIPTION,
        security: [{ bearer: [] }],
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSchema, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const current = caller.current?.establishment;
      if (!current) throw new Error('analytics needs a current establishment (route access)');
      const figures = await readAnalytics({
        db,
        actor: auditActorOf(request, caller),
        query: request.query,
        subject: (tx) => establishmentSubject(tx, current),
      });
      if (figures === null) throw notFound();
      return figures;
    },
  );

  app.get(
    '/api/platform/health-networks/:id/analytics/',
    {
      config: { access: platformAdminOnly },
      schema: {
        tags: ['analytics'],
        operationId: 'getHealthNetworkAnalytics',
        summary: 'Waiting times and volumes across the services of a health network that share them',
        description: [
          'The figures of GET analytics/ over the establishments whose health_organisation_network is the',
          'network’s code and that share their waiting times (shares_waiting_times), each one a unit with',
          'its departments. For the platform’s administrators, who keep the networks; anyone else gets 403,',
          'an unknown network 404.',
        ].join('\n'),
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSchema, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const figures = await readAnalytics({
        db,
        actor: auditActorOf(request, caller),
        query: request.query,
        subject: (tx) => networkSubject(tx, request.params.id),
      });
      if (figures === null) throw notFound();
      return figures;
    },
  );
  done();
};
