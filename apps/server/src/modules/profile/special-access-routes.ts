import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { ProfileSchema } from '@referrals/domain/profile/profile-schemas';
import { SpecialAccessUpdateSchema } from '@referrals/domain/profile/special-access';
import { notFound } from '../../http/api-errors.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { loadProfile } from './load-profile.ts';
import { requestSpecialAccess } from './request-special-access.ts';

/**
 * Registration page 4 (spec section 2): ask to be recognised as head of department, or for special access,
 * at your hospitals and departments. Only requests are written; the account holder grants them.
 */
export const specialAccessRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.put(
    '/api/profile/special-access/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'requestSpecialAccess',
        summary: 'Ask for head of department or special access at your hospitals and departments',
        description:
          'A list of {employment_id, head_of_department_requested, special_access_requested} for the ' +
          "caller's own employments at hospitals (HL) or departments (DT). Another user's employment is a 404.",
        security: [{ bearer: [] }],
        body: SpecialAccessUpdateSchema,
        response: {
          200: ProfileSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const userId = request.user?.id ?? '';
      await requestSpecialAccess(db, { actor: auditActorOf(request, { userId }), answers: request.body });
      const profile = await loadProfile(db, userId);
      if (!profile) throw notFound();
      return profile;
    },
  );

  done();
};
