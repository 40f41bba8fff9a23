import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  MyReferralListQuerySchema,
  MyReferralPageSchema,
  MyReportParamsSchema,
  MyReportSchema,
} from '@referrals/domain/my-referrals/my-referral-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { toPage } from '../../http/paging.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { callerOf } from '../tenancy/caller.ts';
import { listMyReferrals } from './list-my-referrals.ts';
import { readMyReport } from './read-my-report.ts';

/**
 * "My referrals" (docs/my-referrals.md): a patient's own account reads the referrals about them and the
 * reports addressed to them. Any other account finds none.
 */
export const myReferralRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['my-referrals'];

  app.get(
    '/api/my/referrals/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'listMyReferrals',
        summary: 'The referrals about you, newest first, with the reports addressed to you',
        description:
          'For a patient’s own account: referrals (not drafts) about the patient records at any ' +
          'establishment whose email and date of birth are the account’s (its email verified). Statuses in ' +
          'a patient’s words; the appointment only when the receiver shows it. Another account gets none.',
        security,
        querystring: MyReferralListQuerySchema,
        response: { 200: MyReferralPageSchema, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { count, results } = await listMyReferrals(db, {
        userId: caller.userId,
        actor: auditActorOf(request, caller),
        query: request.query,
      });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.get(
    '/api/my/reports/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'readMyReport',
        summary: 'A clinical report addressed to you',
        description:
          'A sent report whose recipients include the patient, on a referral about you; anything else is ' +
          'a 404.',
        security,
        params: MyReportParamsSchema,
        response: { 200: MyReportSchema, ...SIGNED_IN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      return readMyReport(db, {
        userId: caller.userId,
        actor: auditActorOf(request, caller),
        reportId: request.params.id,
      });
    },
  );
  done();
};
