import { providerOnly } from '../tenancy/route-access.ts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  EmploymentCreateSchema,
  EmploymentInvitationSchema,
  EmploymentInviteSchema,
  EmploymentJoinCheckSchema,
  EmploymentSignatureSchema,
  StaffMemberSchema,
  UserTagUpdateSchema,
} from '@referrals/domain/people/employment-schemas';
import { INVITE_VALID_DAYS } from '@referrals/domain/people/employment-rules';
import { EmploymentSchema } from '@referrals/domain/profile/profile-schemas';
import { callerOf } from '../tenancy/caller.ts';
import { answerInvitation, leaveEmployment, updateSignature, updateUserTag } from './employment-changes.ts';
import { toProfileEmployment } from './employment-rows.ts';
import { getInvitation, inviteEmployee } from './invitations.ts';
import { requestToJoin } from './join-request.ts';

const IdParamsSchema = z.object({ id: z.string() });
const security = [{ bearer: [] }];
const tags = ['employments'];

/**
 * The caller's own employments (spec section 7, profile/employments/) and an account holder's invitations
 * (establishments-and-employments.md). Every call reaches only the caller's own employments; another
 * person's answers 404 like a missing one and nothing changes.
 */
export const employmentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const change = (request: { user?: { id: string } }, id: string) => ({
    db,
    userId: request.user?.id ?? '',
    employmentId: id,
  });

  app.post(
    '/api/profile/employments/',
    {
      config: { access: providerOnly },
      schema: {
        tags,
        operationId: 'requestToJoinEstablishment',
        summary: 'Ask to join an establishment (?validate: check only, nothing written)',
        description:
          'A join request: REQUESTED until the account holder approves. The establishment must be approved and ' +
          'accept join requests (a department must also be verified); at most a primary and a secondary.',
        security,
        querystring: z.object({ validate: z.enum(['', 'true', 'false']).optional() }),
        body: EmploymentCreateSchema,
        response: {
          200: EmploymentJoinCheckSchema,
          201: EmploymentSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await requestToJoin({
        db,
        request,
        caller: await callerOf(request),
        establishmentId: request.body.establishment_id,
        dryRun: request.query.validate === '' || request.query.validate === 'true',
      });
      if ('check' in outcome) return reply.status(200).send(outcome.check);
      return reply.status(201).send(toProfileEmployment(outcome.created));
    },
  );

  app.get(
    '/api/profile/employments/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'getEmployment',
        summary: 'One of your employments, as the Review Employment Invite page shows it',
        security,
        params: IdParamsSchema,
        response: { 200: EmploymentInvitationSchema, 401: DetailErrorSchema, 404: DetailErrorSchema },
      },
    },
    (request) => getInvitation(db, request.user?.id ?? '', request.params.id),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/profile/employments/:id/${answer}/`,
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          operationId: answer === 'accept' ? 'acceptEmploymentInvitation' : 'declineEmploymentInvitation',
          summary:
            answer === 'accept'
              ? 'Accept an invitation: APPROVED at your next free priority'
              : 'Decline an invitation',
          description:
            'Only an open invitation (INVITED) can be answered, from a verified email address; one past its date ' +
            'becomes INVITE_EXPIRED and answers 409.',
          security,
          params: IdParamsSchema,
          response: {
            200: EmploymentSchema,
            401: DetailErrorSchema,
            404: DetailErrorSchema,
            409: DetailErrorSchema,
          },
        },
      },
      async (request) =>
        toProfileEmployment(
          await answerInvitation({ ...change(request, request.params.id), request, answer }),
        ),
    );
  }

  app.delete(
    '/api/profile/employments/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'leaveEstablishment',
        summary: 'Leave an establishment: the employment becomes FINISHED',
        description: 'Your personal space cannot be left (409).',
        security,
        params: IdParamsSchema,
        response: {
          204: z.undefined(),
          401: DetailErrorSchema,
          404: DetailErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await leaveEmployment({ ...change(request, request.params.id), request });
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/profile/employments/:id/signature/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'updateEmploymentSignature',
        summary: 'The signature you use at this establishment',
        security,
        params: IdParamsSchema,
        body: EmploymentSignatureSchema,
        response: {
          200: EmploymentSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) =>
      toProfileEmployment(
        await updateSignature({ ...change(request, request.params.id), request, text: request.body.text }),
      ),
  );

  app.put(
    '/api/profile/employments/:id/user-tag/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'updateEmploymentUserTag',
        summary: 'Tag your employment (user_tag; user_tag_other with Other)',
        security,
        params: IdParamsSchema,
        body: UserTagUpdateSchema,
        response: {
          200: EmploymentSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) =>
      toProfileEmployment(
        await updateUserTag({ ...change(request, request.params.id), request, tag: request.body }),
      ),
  );

  app.post(
    '/api/establishments/:id/invitations/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'inviteStaffMember',
        summary: 'Invite someone by email to work at the establishment (its account holder only)',
        description:
          'An unknown address gets an account without a password (signing up with it claims the account); the ' +
          `invitee is emailed a link to /review-invite/{employmentId}. The invitation lapses after ${INVITE_VALID_DAYS} days. ` +
          'A member of staff who is not the account holder gets 403; anyone else 404.',
        security,
        params: IdParamsSchema,
        body: EmploymentInviteSchema,
        response: {
          201: StaffMemberSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const member = await inviteEmployee({
        app,
        request,
        caller: await callerOf(request),
        establishmentId: request.params.id,
        invite: request.body,
      });
      return reply.status(201).send(member);
    },
  );

  done();
};
