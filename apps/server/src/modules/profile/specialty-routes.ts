import { and, eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { SpecialtyInputSchema, SpecialtySchema } from '@referrals/domain/profile/profile-schemas';
import { specialties } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { deleteSpecialty } from './delete-specialty.ts';
import { loadProfile } from './load-profile.ts';

const SPECIALTY_ROLES = ['SP', 'GP'];

/**
 * A provider's specialties (spec section 7: POST profile/specialties/ 201, PUT and DELETE
 * profile/specialties/{id}/).
 */
export const specialtyRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  // Declaring access attaches the sign-in check (tenancy/route-access.ts).
  const signedIn = { config: { access: 'signed-in' as const } };
  const userId = (request: { user?: { id: string } }) => request.user?.id ?? '';

  const specialtySchema = (summary: string, status: 200 | 201) => ({
    tags: ['profile'],
    summary,
    security,
    body: SpecialtyInputSchema,
    response: {
      [status]: SpecialtySchema,
      400: FieldErrorsSchema,
      401: DetailErrorSchema,
      404: DetailErrorSchema,
    },
  });
  const assertMayHaveSpecialties = async (id: string) => {
    const profile = await loadProfile(db, id);
    if (!profile) throw notFound();
    // Section 5: specialties are kept only for SP or GP roles without a sub-role.
    if (!SPECIALTY_ROLES.includes(profile.role?.value ?? '') || profile.sub_role !== null) {
      throw validationFailed({ non_field_errors: ['Specialties apply to specialists and GPs only.'] });
    }
  };

  app.post(
    '/api/profile/specialties/',
    { ...signedIn, schema: { operationId: 'addSpecialty', ...specialtySchema('Add a specialty', 201) } },
    async (request, reply) => {
      await assertMayHaveSpecialties(userId(request));
      const { priority, practice, field } = request.body;
      const [row] = await db
        .insert(specialties)
        .values({ user_id: userId(request), priority, practice, field })
        .returning();
      if (!row) throw notFound();
      return reply
        .status(201)
        .send({ id: row.id, priority: row.priority, practice: row.practice, field: row.field });
    },
  );

  app.put(
    '/api/profile/specialties/:id/',
    {
      ...signedIn,
      schema: {
        operationId: 'updateSpecialty',
        ...specialtySchema('Change a specialty', 200),
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request) => {
      // Someone else's specialty is not found, whatever the caller's role.
      const mine = and(eq(specialties.id, request.params.id), eq(specialties.user_id, userId(request)));
      const [existing] = await db.select({ id: specialties.id }).from(specialties).where(mine);
      if (!existing) throw notFound();
      await assertMayHaveSpecialties(userId(request));
      const { priority, practice, field } = request.body;
      const [row] = await db.update(specialties).set({ priority, practice, field }).where(mine).returning();
      if (!row) throw notFound();
      return { id: row.id, priority: row.priority, practice: row.practice, field: row.field };
    },
  );

  app.delete(
    '/api/profile/specialties/:id/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        operationId: 'deleteSpecialty',
        summary: 'Remove a specialty',
        description: "Another user's specialty, or one already removed: 404.",
        security,
        params: z.object({ id: z.uuid() }),
        response: {
          204: z.undefined(),
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(request, { userId: userId(request) });
      await deleteSpecialty(db, { userId: userId(request), actor, id: request.params.id });
      return reply.status(204).send();
    },
  );

  done();
};
