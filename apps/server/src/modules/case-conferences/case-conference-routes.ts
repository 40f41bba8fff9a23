import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CaseConferenceConflictSchema,
  CaseConferenceCreateSchema,
  CaseConferenceEventPageSchema,
  CaseConferenceEventSchema,
  CaseConferenceEventsQuerySchema,
  CaseConferenceInviteeSchema,
  CaseConferenceInviteesQuerySchema,
  CaseConferenceInviteSchema,
  CaseConferenceMessageSchema,
  CaseConferenceReadSchema,
  CaseConferenceSchema,
  CaseConferenceStatsSchema,
  InvitedCaseConferencePageSchema,
  InvitedCaseConferencesQuerySchema,
} from '@referrals/domain/case-conferences/case-conference-schemas';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { notFound } from '../../http/api-errors.ts';
import { toPage } from '../../http/paging.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { ReferralIdParamsSchema } from '../referrals/referral-call.ts';
import { callerOf } from '../tenancy/caller.ts';
import { actsForAnEstablishment } from '../tenancy/route-access.ts';
import { caseConferenceCall } from './case-conference-access.ts';
import { readCaseConferenceArchive } from './case-conference-archive.ts';
import { closeCaseConference } from './close-case-conference.ts';
import { createCaseConference } from './create-case-conference.ts';
import { inviteCaseConferenceParticipants } from './invite-case-conference-participants.ts';
import { joinCaseConference } from './join-case-conference.ts';
import { leaveCaseConference } from './leave-case-conference.ts';
import { listCaseConferenceInvitees } from './list-case-conference-invitees.ts';
import { caseConferenceStats, listInvitedCaseConferences } from './list-invited-case-conferences.ts';
import { markCaseConferenceRead } from './mark-case-conference-read.ts';
import { postCaseConferenceMessage } from './post-case-conference-message.ts';
import { getCaseConference, listCaseConferenceEvents } from './read-case-conference.ts';

// The handler sends the PDF's bytes; OpenAPI calls them a binary string.
const PdfBytesSchema = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

const WHO =
  ' Who reaches it: anyone who may see the referral (either side, or an establishment it was shared with, ' +
  'which only reads) and anyone invited to or taking part in it for their current establishment. Anyone ' +
  'else gets the 404 of a missing referral (docs/case-conferences.md).';

/**
 * Case conferences on referrals (spec sections 4 and 7: referrals/{id}/case/...; docs/case-conferences.md).
 * Every write runs the lifecycle table in domain with the referral and conference rows locked: 403 for
 * someone who may not take the action, 409 naming the status when the conference's status refuses it.
 */
export const caseConferenceRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['case conferences'];
  const errors = SIGNED_IN_ERROR_RESPONSES;
  const withConflict = { ...errors, 409: CaseConferenceConflictSchema };
  const config = { access: 'signed-in' as const };
  const base = '/api/referrals/:id/case/';
  // With the feature flag off (section 9) the calls are not there at all.
  const callOf = (request: Parameters<typeof caseConferenceCall>[0], id: string) => {
    if (!app.config.flags.caseConferences) throw notFound();
    return caseConferenceCall(request, id);
  };

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        operationId: 'createCaseConference',
        summary: 'Start a case conference on a referral, inviting colleagues of either side',
        description:
          'For the referral’s sender or receiver side (not a shared-with establishment: 403) when its ' +
          'receiving establishment has case_conferences_enabled (403 otherwise) and it is not a draft (409). ' +
          '`participants`: user ids of approved staff of the sending or receiving establishment (400 ' +
          'otherwise; yourself is left out). You own it and take part at once; each invitee gets a ' +
          'participant_invited event and a notification. It ends 14 days later. A referral has one active ' +
          'conference at a time (409 with status active); after one closed another may be started, and ' +
          'GET case/ then shows the new one.' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        body: CaseConferenceCreateSchema,
        response: { 201: CaseConferenceSchema, ...withConflict },
      },
    },
    async (request, reply) => {
      const call = await callOf(request, request.params.id);
      const created = await createCaseConference(db, { ...call, body: request.body, now: new Date() });
      return reply.status(201).send(created);
    },
  );

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        operationId: 'getCaseConference',
        summary: 'The referral’s case conference as you see it (its newest one)',
        description:
          'Status, owner, ends_at, participants with their status, side and establishment, and your own ' +
          'is_owner, can_join, participant_status, is_read_only, allowed_actions and unread count. ' +
          '`last_event_id` is where to poll case/events/?after= from. 404 when the referral never had one.' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        response: { 200: CaseConferenceSchema, ...errors },
      },
    },
    async (request) => getCaseConference(db, await callOf(request, request.params.id)),
  );

  const actions = [
    {
      name: 'join',
      operationId: 'joinCaseConference',
      summary: 'Take part in the referral’s active case conference',
      description:
        'For someone invited, someone who left, or anyone on either side of the referral (can_join). 403 ' +
        'for anyone else (an establishment it was shared with), 409 when it is closed.',
      run: joinCaseConference,
    },
    {
      name: 'leave',
      operationId: 'leaveCaseConference',
      summary: 'Stop taking part in the referral’s active case conference',
      description:
        'For someone invited or taking part, not the owner (who closes it instead): 403. 409 when it is ' +
        'closed. You are told of nothing more and may join again while it is active.',
      run: leaveCaseConference,
    },
    {
      name: 'close',
      operationId: 'closeCaseConference',
      summary: 'Close the referral’s case conference before its 14 days are up (its owner)',
      description:
        'Owner only (403 otherwise); 409 when it is closed already. Writes the closed event and tells ' +
        'everyone invited or taking part. It is read-only from then on, and its archive PDF is ready.',
      run: closeCaseConference,
    },
  ] as const;
  for (const action of actions) {
    app.post(
      `${base}${action.name}/`,
      {
        config,
        schema: {
          tags,
          operationId: action.operationId,
          summary: action.summary,
          description: action.description + WHO,
          security,
          params: ReferralIdParamsSchema,
          response: { 200: CaseConferenceSchema, ...withConflict },
        },
      },
      async (request) => action.run(db, { ...(await callOf(request, request.params.id)), now: new Date() }),
    );
  }

  app.post(
    `${base}participants/`,
    {
      config,
      schema: {
        tags,
        operationId: 'inviteCaseConferenceParticipants',
        summary: 'Invite more colleagues into the referral’s active case conference',
        description:
          '`participants`: 1 to 50 user ids of approved staff of the sending or receiving establishment ' +
          '(400 otherwise). For someone taking part (joined; 403 otherwise); 409 when it is closed. Each ' +
          'new invitee gets a participant_invited event and a notification; someone already invited or ' +
          'taking part is left as they are, someone who left is invited again.' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        body: CaseConferenceInviteSchema,
        response: { 200: CaseConferenceSchema, ...withConflict },
      },
    },
    async (request) =>
      inviteCaseConferenceParticipants(db, {
        ...(await callOf(request, request.params.id)),
        body: request.body,
        now: new Date(),
      }),
  );

  app.get(
    `${base}invitees/`,
    {
      config,
      schema: {
        tags,
        operationId: 'listCaseConferenceInvitees',
        summary: 'Colleagues who may be invited to the referral’s case conference',
        description:
          'Approved staff of the referral’s sending and receiving establishments whose first or last name ' +
          'starts with each word of `keyword`, at most 20, leaving out you and anyone already invited or ' +
          'taking part. For whoever may start the conference or invite into it now (403 otherwise).' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        querystring: CaseConferenceInviteesQuerySchema,
        response: { 200: z.array(CaseConferenceInviteeSchema), ...errors },
      },
    },
    async (request) =>
      listCaseConferenceInvitees(db, {
        ...(await callOf(request, request.params.id)),
        query: request.query,
      }),
  );

  app.post(
    `${base}read/`,
    {
      config,
      schema: {
        tags,
        operationId: 'markCaseConferenceRead',
        summary: 'Mark the case conference read up to an event (your read mark)',
        description:
          '`message_id`: an event id of this conference (400 otherwise), usually the newest one shown. The ' +
          'mark only moves forward. For anyone with a participant status (invited, joined or left; 403 ' +
          'otherwise), also once closed. Answers the conference with your new unread count.' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        body: CaseConferenceReadSchema,
        response: { 200: CaseConferenceSchema, ...withConflict },
      },
    },
    async (request) =>
      markCaseConferenceRead(db, {
        ...(await callOf(request, request.params.id)),
        body: request.body,
        now: new Date(),
      }),
  );

  app.get(
    `${base}events/`,
    {
      config,
      schema: {
        tags,
        operationId: 'listCaseConferenceEvents',
        summary: 'The case conference’s thread, oldest first: invitations, messages, warning, close',
        description:
          'Paged with page and page_size. To poll for new events, send `after=<the newest id you have>`: ' +
          'only newer events come, oldest first, at most page_size; `count` is how many came and `next` ' +
          'carries on when more wait. A poll is one range scan of the thread’s index.' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        querystring: CaseConferenceEventsQuerySchema,
        response: { 200: CaseConferenceEventPageSchema, ...errors },
      },
    },
    async (request) =>
      listCaseConferenceEvents(db, {
        ...(await callOf(request, request.params.id)),
        query: request.query,
        request,
        publicUrl: app.config.publicUrl,
      }),
  );

  app.post(
    `${base}events/`,
    {
      config,
      schema: {
        tags,
        operationId: 'postCaseConferenceMessage',
        summary: 'Write a message to the case conference',
        description:
          '`message`: 1 to 5000 characters. For those taking part (joined; 403 for anyone else: join ' +
          'first). A closed conference takes no more messages: 409 with its status. Answers the message ' +
          'event; the others invited or taking part are notified.' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        body: CaseConferenceMessageSchema,
        response: { 201: CaseConferenceEventSchema, ...withConflict },
      },
    },
    async (request, reply) => {
      const call = await callOf(request, request.params.id);
      const event = await postCaseConferenceMessage(db, { ...call, body: request.body, now: new Date() });
      return reply.status(201).send(event);
    },
  );

  app.get(
    `${base}archive/`,
    {
      config,
      schema: {
        tags,
        operationId: 'getCaseConferenceArchive',
        summary: 'The archive PDF of the referral’s closed case conference, listing every message',
        description:
          'Answers application/pdf (A4), never cached, named by the conference id. 409 with status active ' +
          'while it is open.' +
          WHO,
        security,
        params: ReferralIdParamsSchema,
        response: {
          200: {
            description: 'The archive: the conference, its participants and every event.',
            content: { 'application/pdf': { schema: PdfBytesSchema } },
          },
          ...withConflict,
        },
      },
    },
    async (request, reply) => {
      const call = await callOf(request, request.params.id);
      const { pdf, conferenceId } = await readCaseConferenceArchive(db, { ...call, now: new Date() });
      // A file name travels in browser history and download folders: an id, never the patient.
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="case-conference-${conferenceId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/referrals/cases/invited/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'listInvitedCaseConferences',
        summary: 'The case conferences you are invited to or take part in, newest first',
        description:
          'At your current establishment, leaving out those you left. `status` (active, closed) and `box` ' +
          '(inbox: you take part for the receiving side; outbox: for the sending side) narrow it: the ' +
          'navigation’s Inbox and Outbox Case Conferences. Each row carries your participant status and ' +
          'unread count. Paged; each row is written to the audit log.',
        security,
        querystring: InvitedCaseConferencesQuerySchema,
        response: { 200: InvitedCaseConferencePageSchema, ...errors },
      },
    },
    async (request) => {
      if (!app.config.flags.caseConferences) throw notFound();
      const caller = await callerOf(request);
      const actor = auditActorOf(request, caller);
      const { count, results } = await listInvitedCaseConferences(db, {
        caller,
        actor,
        query: request.query,
      });
      return toPage(request, request.query, count, results, app.config.publicUrl);
    },
  );

  app.get(
    '/api/referrals/cases/stats/',
    {
      config: { access: actsForAnEstablishment },
      schema: {
        tags,
        operationId: 'getCaseConferenceStats',
        summary: 'The navigation’s Case Conferences counters: active conferences and unread messages',
        description:
          'Per box (inbox: you take part for the receiving side; outbox: the sending side), the active ' +
          'conferences you are invited to or take part in at your current establishment and the messages ' +
          'by others after your read mark in them. Numbers only; poll it with GET referrals/stats/.',
        security,
        response: { 200: CaseConferenceStatsSchema, ...errors },
      },
    },
    async (request) => {
      if (!app.config.flags.caseConferences) throw notFound();
      return caseConferenceStats(db, await callerOf(request));
    },
  );
  done();
};
