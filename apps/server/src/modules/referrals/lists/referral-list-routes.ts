import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PageQuerySchema } from '@referrals/domain/api';
import { ReferralDashboardStatsSchema } from '@referrals/domain/referrals/referral-dashboard';
import {
  EstablishmentUnreadStatsSchema,
  ReferralListQuerySchema,
  ReferralPageSchema,
  ReferralStatsQuerySchema,
  ReferralStatsSchema,
} from '@referrals/domain/referrals/referral-list-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../../http/error-responses.ts';
import { toPage } from '../../../http/paging.ts';
import { auditActorOf } from '../../audit/record-audit.ts';
import { callerOf } from '../../tenancy/caller.ts';
import { actsForAnEstablishment } from '../../tenancy/route-access.ts';
import { listReferrals } from './list-referrals.ts';
import { dashboardStats, establishmentUnreadStats, referralStats } from './referral-stats.ts';

const LIST_DESCRIPTION = [
  'The referrals of the current establishment you may see (section 7), 10 a page, newest submitted first.',
  '',
  'Which list: `box=inbox|outbox` with `list=` one of section 2 List types (inbox: all, new, under-review,',
  'accepted, scheduled, waitlisted, returned, shared, forwarded, case-conference-active,',
  'case-conference-closed; outbox: the same without shared, with drafts). `to_establishment=<current id>`',
  '(or `true`) is the inbox and `from_establishment=<current id>` the outbox, as the spec names them;',
  'another id there filters the other side (`to_establishment=<id>`: what you sent to it).',
  '`within_establishment` or none of them: both your inbox and outbox. `shared=true`: the referrals shared',
  'with you or your establishment (read-only).',
  '',
  'Unless asked, lists leave out DRFT and FWRD (ask with `status=` or the drafts and forwarded lists) and',
  'what your side archived or deleted (`archived=true`: the Archive; `deleted=true`: Deleted Items, every',
  'status). `status` and `exclude_status` take comma lists of codes; with `list` the status narrows it.',
  '',
  '`search`: every word starts the patient’s first or last name, or the text starts the referral id or',
  'an MRN (the referral’s, or the patient’s at your establishment). `patient_name`, `patient_mrn`,',
  '`referral_id` search one of those. `referrer`: a user id or words of their name; `receiver`: the',
  'receiving establishment or assignee, by id or name words. `my_referral=true`: you are the referrer or',
  'the assignee; `my_tags=true`: you tagged it; `my_tags=<label>[,<label>]`: it carries one of those tags of',
  'your establishment (any case). `submitted_after`/`submitted_before`: dates (inclusive,',
  'Sydney calendar). `order_by`: submitted_at, created_at, updated_at, appointment_date, patient_name,',
  '`-` for descending; default -submitted_at (drafts: -created_at); anything else is a 400.',
  '`case_conference_status`: active (the referral has an active case conference) or closed (its newest',
  'one is closed), as the case-conference-active and -closed lists ask (docs/case-conferences.md).',
  '',
  'Each item carries your side, its unread flag, and the derived conditions (referral-lifecycle.md) at the',
  'time of the call; with `pdf=true` also `pdf`, the address of its letter (GET referrals/{id}/pdf/), for a',
  'client that prints or files the letters of a list. Each referral listed is written to the audit log',
  '(action referral.list).',
].join('\n');

/** The referral lists, the nav counters and the recall dashboard (spec section 7 Referrals). */
export const referralListRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['referrals'];
  const errors = SIGNED_IN_ERROR_RESPONSES;

  app.get(
    '/api/referrals/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'listReferrals',
        summary: 'A referral list: inbox, outbox, shared, archive or trash, filtered and paged',
        description: LIST_DESCRIPTION,
        security,
        querystring: ReferralListQuerySchema,
        response: { 200: ReferralPageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      const { count, results } = await listReferrals(db, { caller, actor, query: request.query });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.get(
    '/api/referrals/stats/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'getReferralStats',
        summary: 'Totals and unread of your inbox and outbox at the current establishment (nav counters)',
        description:
          'Counts what the `all` list shows: no DRFT or FWRD unless `status` names them, nothing archived ' +
          'or deleted unless `archived`/`deleted` is true. `exclude_status` takes a comma list. ' +
          '`within_establishment` may name the current establishment (or true); another one counts nothing.',
        security,
        querystring: ReferralStatsQuerySchema,
        response: { 200: ReferralStatsSchema, ...errors },
      },
    },
    async (request) => referralStats(db, await callerOf(request), request.query),
  );

  app.get(
    '/api/referrals/stats/establishments/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'listReferralEstablishmentStats',
        summary: 'Unread inbox referrals per establishment you may switch to (polled every 20 s)',
        description:
          'receiver_unread counts: submitted (SBMT and UPDT), viewed (VWD), accepted (ACPT), not archived ' +
          'or deleted, as your inbox at each establishment shows them; in the order of your employments.',
        security,
        response: { 200: EstablishmentUnreadStatsSchema, ...errors },
      },
    },
    async (request) => establishmentUnreadStats(db, await callerOf(request)),
  );

  app.get(
    '/api/referrals/stats/dashboard/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'getReferralDashboardStats',
        summary: 'What needs you now at the current establishment: a count per dashboard item',
        description:
          'Items: pending_action, appointment_due, overdue_CAT1..3 (inbox); due_for_renewal, returned, ' +
          'recalled (outbox). Each counts what GET referrals/ shows with the item’s box, list, condition ' +
          'and triage_category (REFERRAL_DASHBOARD_ITEMS in domain).',
        security,
        response: { 200: ReferralDashboardStatsSchema, ...errors },
      },
    },
    async (request) => dashboardStats(db, await callerOf(request)),
  );

  app.get(
    '/api/referrals/dashboard/recall/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'listRecalledReferrals',
        summary: 'Your outbox referrals that were recalled and are still drafts, latest change first',
        description:
          'The dashboard’s reminder to resubmit or discard them: sender side, status DRFT with is_recalled, ' +
          'not archived or deleted. Same items as GET referrals/; audited the same way.',
        security,
        querystring: PageQuerySchema,
        response: { 200: ReferralPageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      const query = ReferralListQuerySchema.parse({
        box: 'outbox',
        condition: 'recalled',
        order_by: '-updated_at',
        page: request.query.page,
        page_size: request.query.page_size,
      });
      const { count, results } = await listReferrals(db, { caller, actor, query });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );
  done();
};
