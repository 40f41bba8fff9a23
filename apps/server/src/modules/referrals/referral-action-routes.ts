import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import {
  RecallReferralSchema,
  RescheduleDraftSchema,
  RescheduleReferralSchema,
  ReturnReferralSchema,
  ScheduleReferralSchema,
  ShareReferralSchema,
} from '@referrals/domain/referrals/referral-action-schemas';
import { ReferralConflictSchema, ReferralSchema } from '@referrals/domain/referrals/referral-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { acceptReferral } from './actions/accept-referral.ts';
import { AcceptReferralRequestSchema } from '@referrals/domain/referrals/referral-action-schemas';
import { archiveReferral } from './actions/archive-referral.ts';
import { convertReferral } from './actions/convert-referral.ts';
import { deleteReferral } from './actions/delete-referral.ts';
import { recallReferral } from './actions/recall-referral.ts';
import { ReferralActionQuerySchema, ReferralDryRunSchema } from './actions/referral-action-run.ts';
import { rescheduleReferral } from './actions/reschedule-referral.ts';
import { returnReferral } from './actions/return-referral.ts';
import { saveRescheduleDraft } from './actions/save-reschedule-draft.ts';
import { scheduleReferral } from './actions/schedule-referral.ts';
import { shareReferral } from './actions/share-referral.ts';
import { unarchiveReferral } from './actions/unarchive-referral.ts';
import { uploadReferralToEmr } from './actions/upload-referral-to-emr.ts';
import { ReferralIdParamsSchema, referralCall } from './referral-call.ts';

const DRY_RUN =
  ' With `?validate=true` every check runs (body, lifecycle, required fields) and the answer is 200 ' +
  '`{ "valid": true }` or the same 400 or 409 the commit would give; nothing is changed. Without it ' +
  '(or with `commit=true`) the change is committed in one transaction.';

const SIDE_ONLY = ' Your side only: the other side’s lists do not change. Repeating it is a no-op (200).';

/**
 * The referral actions (spec section 7 Referrals; referral-lifecycle.md Transitions): convert, triage, schedule,
 * reschedule, return, recall, archive, delete, share, upload to an EMR. Each parses and calls one action
 * function, which checks the lifecycle table on the locked row and writes history and audit with the change.
 */
export const referralActionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['referrals'];
  const params = ReferralIdParamsSchema;
  const querystring = ReferralActionQuerySchema;
  const errors = { ...SIGNED_IN_ERROR_RESPONSES, 409: ReferralConflictSchema };
  const orDryRun = { 200: z.union([ReferralSchema, ReferralDryRunSchema]), ...errors };
  const validate = (query: { validate?: 'true' | 'false' }) => query.validate === 'true';
  const writeMethods = ['PUT', 'PATCH'] as const;
  const verb = (method: 'PUT' | 'PATCH' | 'POST', name: string) =>
    method === 'PATCH' ? `partialUpdate${name}` : `${name.charAt(0).toLowerCase()}${name.slice(1)}`;

  const acceptDescription =
    'Receiver side; from SBMT, VWD, UPDT or WLST to ACPT, or with `waitlist_period` from SBMT, VWD, UPDT ' +
    'or ACPT to WLST. Saves the triage fields. The assignee is required when the referral has none ' +
    '(`{"assignee": ["This field is required."]}`). PATCH keeps stored fields the body leaves out; PUT ' +
    'replaces them.' +
    DRY_RUN;
  app.post(
    '/api/referrals/:id/accept/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'acceptReferralAsStored',
        summary: 'Accept a referral with the triage details and assignee already stored',
        description: acceptDescription,
        security,
        params,
        querystring,
        response: orDryRun,
      },
    },
    async (request) =>
      acceptReferral(db, {
        ...(await referralCall(request, request.params.id)),
        body: {},
        merge: true,
        validate: validate(request.query),
      }),
  );
  for (const method of writeMethods) {
    app.route({
      method,
      url: '/api/referrals/:id/accept/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: method === 'PUT' ? 'acceptReferral' : 'partialAcceptReferral',
        summary: 'Triage a referral: accept it, or waitlist it with a waitlist_period',
        description: acceptDescription,
        security,
        params,
        querystring,
        body: AcceptReferralRequestSchema,
        response: orDryRun,
      },
      handler: async (request) =>
        acceptReferral(db, {
          ...(await referralCall(request, request.params.id)),
          body: request.body,
          merge: method === 'PATCH',
          validate: validate(request.query),
        }),
    });
  }

  const scheduleDescription =
    'Receiver side; from SBMT, VWD, UPDT, ACPT or WLST to SCHDL. `appointment_date` is required ' +
    '(an ISO 8601 instant); from SBMT, VWD or UPDT the triage fields may come too.';
  for (const method of ['POST', ...writeMethods] as const) {
    app.route({
      method,
      url: '/api/referrals/:id/schedule/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: method === 'POST' ? 'scheduleReferralAsStored' : verb(method, 'ScheduleReferral'),
        summary: 'Book the appointment of a referral (not MANUAL)',
        description:
          scheduleDescription +
          (method === 'POST'
            ? ' POST takes no body: it schedules with the appointment already stored.'
            : '') +
          DRY_RUN,
        security,
        params,
        querystring,
        ...(method === 'POST' ? {} : { body: ScheduleReferralSchema }),
        response: orDryRun,
      },
      handler: async (request) =>
        scheduleReferral(db, {
          ...(await referralCall(request, request.params.id)),
          body: request.body ?? {},
          manual: false,
          merge: method !== 'PUT',
          validate: validate(request.query),
        }),
    });
  }
  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/referrals/:id/schedule/manual/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: method === 'POST' ? 'manualScheduleReferral' : 'partialManualScheduleReferral',
        summary: 'Book the appointment of a MANUAL referral',
        description: scheduleDescription + DRY_RUN,
        security,
        params,
        querystring,
        body: ScheduleReferralSchema,
        response: orDryRun,
      },
      handler: async (request) =>
        scheduleReferral(db, {
          ...(await referralCall(request, request.params.id)),
          body: request.body,
          manual: true,
          merge: method === 'PATCH',
          validate: validate(request.query),
        }),
    });
  }

  for (const method of writeMethods) {
    app.route({
      method,
      url: '/api/referrals/:id/reschedule/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: verb(method, 'RescheduleReferral'),
        summary: 'Move the appointment of a scheduled referral',
        description:
          'Receiver side, SCHDL. The previous appointment is appended to `reschedule_list`, ' +
          '`is_rescheduled` is set and a saved reschedule draft is cleared.' +
          DRY_RUN,
        security,
        params,
        querystring,
        body: RescheduleReferralSchema,
        response: orDryRun,
      },
      handler: async (request) =>
        rescheduleReferral(db, {
          ...(await referralCall(request, request.params.id)),
          body: request.body,
          merge: method === 'PATCH',
          validate: validate(request.query),
        }),
    });
  }
  app.post(
    '/api/referrals/:id/reschedule/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'saveRescheduleDraft',
        summary: 'Save a reschedule draft without moving the appointment',
        description: 'Receiver side, SCHDL. Nothing is required; the status stays SCHDL.',
        security,
        params,
        body: RescheduleDraftSchema,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) =>
      saveRescheduleDraft(db, { ...(await referralCall(request, request.params.id)), body: request.body }),
  );

  for (const method of writeMethods) {
    app.route({
      method,
      url: '/api/referrals/:id/return/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: verb(method, 'ReturnReferral'),
        summary: 'Return a referral to its sender (RTRN)',
        description:
          'Receiver side; from SBMT, VWD, UPDT, ACPT, WLST or SCHDL. `return_reason` is required ' +
          '(`other_return_reason` when it is OTHER).' +
          DRY_RUN,
        security,
        params,
        querystring,
        body: ReturnReferralSchema,
        response: orDryRun,
      },
      handler: async (request) =>
        returnReferral(db, {
          ...(await referralCall(request, request.params.id)),
          body: request.body,
          validate: validate(request.query),
        }),
    });
    app.route({
      method,
      url: '/api/referrals/:id/recall/',
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: verb(method, 'RecallReferral'),
        summary: 'Recall a sent referral back to a draft (DRFT, is_recalled)',
        description:
          'Sender side; from SBMT, VWD, UPDT, ACPT, WLST or SCHDL. `recall_reason` is required ' +
          '(`other_recall_reason` when it is OTHER). The receiver keeps a read-only record; submitting ' +
          'the draft again makes it UPDT.' +
          DRY_RUN,
        security,
        params,
        querystring,
        body: RecallReferralSchema,
        response: orDryRun,
      },
      handler: async (request) =>
        recallReferral(db, {
          ...(await referralCall(request, request.params.id)),
          body: request.body,
          validate: validate(request.query),
        }),
    });
  }

  app.post(
    '/api/referrals/:id/convert/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'convertReferral',
        summary: 'Convert a request for advice and guidance into a referral',
        description:
          'Receiver side; an ADVICE_AND_GUIDANCE request in SBMT, VWD or UPDT becomes an IN-APP referral ' +
          'in the same status, keeping its question, patient, forms and attachments, to be triaged like ' +
          'any referral. Any other type is a 409. The sender is notified.',
        security,
        params,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) => convertReferral(db, await referralCall(request, request.params.id)),
  );
  app.post(
    '/api/referrals/:id/archive/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'archiveReferral',
        summary: 'Move a referral to your side’s Archive (not a draft)',
        description: 'Sender or receiver side.' + SIDE_ONLY,
        security,
        params,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) => archiveReferral(db, await referralCall(request, request.params.id)),
  );
  app.post(
    '/api/referrals/:id/unarchive/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'unarchiveReferral',
        summary: 'Bring a referral back from your side’s Archive or Deleted Items',
        description: 'Sender or receiver side.' + SIDE_ONLY,
        security,
        params,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) => unarchiveReferral(db, await referralCall(request, request.params.id)),
  );
  const deleteDescription =
    'Sender or receiver side: moves it to your side’s Deleted Items.' +
    SIDE_ONLY +
    ' A draft already in the sender’s Deleted Items is deleted for good (gone for everyone).';
  app.post(
    '/api/referrals/:id/delete/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'trashReferral',
        summary: 'Move a referral to your side’s Deleted Items',
        description: deleteDescription,
        security,
        params,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) => deleteReferral(db, await referralCall(request, request.params.id)),
  );
  app.delete(
    '/api/referrals/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'deleteReferral',
        summary: 'Move a referral to your side’s Deleted Items (204)',
        description: deleteDescription,
        security,
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReferral(db, await referralCall(request, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/referrals/:id/share/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'shareReferral',
        summary: 'Give another establishment or a colleague read access to a referral',
        description:
          'Sender or receiver side, not a draft. `establishment`: an approved establishment other than ' +
          'yours; or `colleague`: someone approved at your establishment. Sharing again is a no-op; ' +
          'those it is shared with cannot share it on.',
        security,
        params,
        body: ShareReferralSchema,
        response: { 200: ReferralSchema, ...errors },
      },
    },
    async (request) =>
      shareReferral(db, { ...(await referralCall(request, request.params.id)), body: request.body }),
  );

  app.post(
    '/api/referrals/:id/upload-to-emr/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'uploadReferralToEmr',
        summary: 'Queue the upload of a referral to a clinical record system (202)',
        description:
          'Receiver side: a triaged referral (ACPT, WLST or SCHDL) to its EMR. Sender side: the letter of a ' +
          'submitted referral started from a clinical record launch, filed back there as a DocumentReference ' +
          '(any other is a 409); its outcome is the referral’s `clinical_record_filing`. The upload runs as ' +
          'a background job, retried with backoff.',
        security,
        params,
        response: { 202: DetailErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await uploadReferralToEmr(db, await referralCall(request, request.params.id))),
  );
  done();
};
