import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { EmploymentUpdateSchema } from '@referrals/domain/people/employment-schemas';
import { ProfileSchema } from '@referrals/domain/profile/profile-schemas';
import { notFound } from '../../http/api-errors.ts';
import { makePrimary } from '../employments/employment-changes.ts';
import { loadProfile } from './load-profile.ts';

const IdParamsSchema = z.object({ id: z.string() });
const security = [{ bearer: [] }];
const tags = ['employments'];

/**
 * Making an employment primary (spec section 7, PUT profile/employments/{id}/), which answers the whole
 * profile: it lives with the profile, which reads employments, so that employments never read profiles.
 */
export const primaryEmploymentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.put(
    '/api/profile/employments/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'makeEmploymentPrimary',
        summary: "Make the employment's establishment your primary one",
        description:
          'A secondary there is promoted, or (for a place you left) a new join request is made with priority 1; ' +
          'the old primary becomes FINISHED and the establishment becomes current. Answers the profile.',
        security,
        params: IdParamsSchema,
        body: EmploymentUpdateSchema,
        response: {
          200: ProfileSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      await makePrimary({ db, userId: request.user?.id ?? '', employmentId: request.params.id, request });
      const profile = await loadProfile(db, request.user?.id ?? '');
      if (!profile) throw notFound();
      return profile;
    },
  );

  done();
};
