import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { ProfileSchema } from '@referrals/domain/profile/profile-schemas';
import {
  SPECIAL_ACCESS_NOT_APPLICABLE_MESSAGE,
  SpecialAccessUpdateSchema,
  allowsSpecialAccessRequest,
} from '@referrals/domain/profile/special-access';
import { establishments } from '../../db/schema/establishments.ts';
import { employments } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { auditActorFrom, recordAudit } from '../audit/record-audit.ts';
import { loadProfile } from './load-profile.ts';

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
      const answers = request.body;
      const ids = [...new Set(answers.map((a) => a.employment_id))];
      await db.transaction(async (tx) => {
        const own =
          ids.length === 0
            ? []
            : await tx
                .select({
                  id: employments.id,
                  status: employments.status,
                  type: establishments.type,
                  establishmentId: establishments.id,
                })
                .from(employments)
                .innerJoin(establishments, eq(establishments.id, employments.establishment_id))
                // Ids that are not uuids are simply not found, like another user's.
                .where(and(eq(employments.user_id, userId), inArray(sql`${employments.id}::text`, ids)))
                .for('update', { of: employments });
        // Another user's employment answers like a missing one (api-conventions.md, 404).
        if (own.length !== ids.length) throw notFound();
        const notApplicable = own.filter(
          (e) => !allowsSpecialAccessRequest({ establishment: { type: e.type }, status: e.status }),
        );
        if (notApplicable.length > 0) {
          throw validationFailed({ employment_id: [SPECIAL_ACCESS_NOT_APPLICABLE_MESSAGE] });
        }
        for (const answer of answers) {
          await tx
            .update(employments)
            .set({
              head_of_department_requested: answer.head_of_department_requested,
              special_access_requested: answer.special_access_requested,
              updated_at: new Date(),
              version: sql`${employments.version} + 1`,
            })
            .where(eq(employments.id, answer.employment_id));
          const place = own.find((e) => e.id === answer.employment_id);
          await recordAudit(
            tx,
            auditActorFrom(request, { actorId: userId, establishmentId: place?.establishmentId ?? null }),
            {
              action: 'employment.special-access-request',
              resourceType: 'employment',
              resourceId: answer.employment_id,
              detail: {
                head_of_department_requested: answer.head_of_department_requested,
                special_access_requested: answer.special_access_requested,
              },
            },
          );
        }
      });
      const profile = await loadProfile(db, userId);
      if (!profile) throw notFound();
      return profile;
    },
  );

  done();
};
