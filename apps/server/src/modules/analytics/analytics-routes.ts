import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AnalyticsQuerySchema,
  AnalyticsSchema,
  canSeeAnalytics,
} from '@referrals/domain/analytics/waiting-times';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import type { AccessRule } from '../tenancy/route-access.ts';
import { readAnalytics } from './read-analytics.ts';

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
      return readAnalytics({ db, caller, actor: auditActorOf(request, caller), query: request.query });
    },
  );
  done();
};
