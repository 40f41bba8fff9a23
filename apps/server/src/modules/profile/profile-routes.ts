import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { ProfileSchema, ProfileUpdateSchema } from '@referrals/domain/profile/profile-schemas';
import { notFound } from '../../http/api-errors.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { signOut } from '../auth/sign-out.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';
import { loadProfile } from './load-profile.ts';
import { updateProfile } from './update-profile.ts';

/** The signed-in user's own profile and session (spec section 7, Profile and account). */
export const profileRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];

  app.get(
    '/api/profile/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'getProfile',
        summary: 'The signed-in user, their employments and permissions',
        security,
        response: { 200: ProfileSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const profile = await loadProfile(db, request.user?.id ?? '');
      if (!profile) throw notFound();
      return profile;
    },
  );

  const saveSchema = (summary: string) => ({
    tags: ['profile'],
    summary,
    security,
    querystring: z.object({ validate: z.enum(['true', 'false']).optional() }),
    body: ProfileUpdateSchema,
    response: {
      200: ProfileSchema,
      400: FieldErrorsSchema,
      401: DetailErrorSchema,
      409: DetailErrorSchema,
      428: DetailErrorSchema,
    },
  });

  app.put(
    '/api/profile/',
    {
      config: { access: 'signed-in' },
      schema: {
        operationId: 'validateProfileUpdate',
        ...saveSchema('Dry run of a profile save: every check, nothing written'),
      },
    },
    (request) =>
      updateProfile(db, {
        userId: request.user?.id ?? '',
        update: request.body,
        flags: app.config.flags,
        dryRun: true,
      }),
  );

  app.patch(
    '/api/profile/',
    {
      config: { access: 'signed-in' },
      schema: {
        operationId: 'updateProfile',
        ...saveSchema('Save the profile (?validate=true for a dry run)'),
      },
    },
    (request) =>
      updateProfile(db, {
        userId: request.user?.id ?? '',
        update: request.body,
        flags: app.config.flags,
        dryRun: request.query.validate === 'true',
      }),
  );

  app.post(
    '/api/profile/logout/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'logOut',
        summary: 'Sign out: ends the session and revokes its refresh token',
        security,
        response: { 204: z.undefined(), 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw notFound();
      await signOut(db, { actor: auditActorOf(request, { userId: user.id }), grantId: user.grantId });
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );
  done();
};
