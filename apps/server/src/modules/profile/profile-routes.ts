import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import { notFound } from '../../http/api-errors.ts';
import { auditActorFrom, recordAudit } from '../audit/record-audit.ts';
import { revokeSignIn } from '../auth/revoke-sign-in.ts';
import { clearRefreshCookie } from '../auth/token-routes.ts';
import { loadProfile } from './load-profile.ts';

/** The signed-in user's own profile and session (spec section 7, Profile and account). */
export const profileRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];

  app.get(
    '/api/profile/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user, their employments and permissions',
        security,
        response: { 200: z.record(z.string(), z.unknown()), 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const profile = await loadProfile(db, request.user?.id ?? '');
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.post(
    '/api/profile/logout/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Sign out: ends the session and revokes its refresh token',
        security,
        response: { 204: z.undefined(), 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw notFound();
      await revokeSignIn(db, user.grantId);
      await recordAudit(db, auditActorFrom(request, { actorId: user.id, establishmentId: null }), {
        action: 'auth.sign-out',
        resourceType: 'user',
        resourceId: user.id,
      });
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );
  done();
};
