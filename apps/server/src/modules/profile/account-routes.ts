import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  MfaStatusSchema,
  MfaUpdateSchema,
  ProfileSchema,
  SpecialtyInputSchema,
  SpecialtySchema,
} from '@referrals/domain/profile/profile-schemas';
import { canAccessEstablishment, validatePracticeChoice } from '@referrals/domain/profile/profile-save-rules';
import { PracticesChoiceSchema } from '@referrals/domain/establishments/establishment-schemas';
import { defaultPermissionsFor } from '@referrals/domain/people/default-permissions';
import { establishments } from '../../db/schema/establishments.ts';
import { employments, specialties, users } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { auditActorFrom, recordAudit } from '../audit/record-audit.ts';
import { isValidMfaCode, mfaEnrolmentUri, newMfaSecret } from '../auth/mfa.ts';
import { loadProfile } from './load-profile.ts';

const SPECIALTY_ROLES = ['SP', 'GP'];
const ROLES_NEEDING_AHPRA = ['GP', 'GPP', 'SP', 'SPT'];

/** Registration, the current establishment, specialties and MFA (spec section 7, Profile and account). */
export const accountRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const signedIn = { preHandler: app.authenticate };
  const userId = (request: { user?: { id: string } }) => request.user?.id ?? '';
  const mustLoad = async (id: string) => {
    const profile = await loadProfile(db, id);
    if (!profile) throw notFound();
    return profile;
  };

  // The spec calls GET profile/register/; a GET must not change state, so it is a POST (api-conventions.md).
  app.post(
    '/api/profile/register/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Finish registration once the wizard has saved every required detail',
        security,
        response: { 202: DetailErrorSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const profile = await mustLoad(userId(request));
      const errors: Record<string, string[]> = {};
      if (profile.user_type === 'provider' && !profile.role) errors.role = ['This field is required.'];
      const role = profile.role?.value;
      if (
        role &&
        ROLES_NEEDING_AHPRA.includes(role) &&
        !profile.ahpra_num &&
        !profile.no_ahpra_and_professional_association
      ) {
        errors.ahpra_num = ['This field is required.'];
      }
      if (profile.user_type === 'provider' && profile.employments.length === 0)
        errors.practices = ['Not selected'];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      await db
        .update(users)
        .set({ registration_completed: true })
        .where(eq(users.id, userId(request)));
      return reply.status(202).send({ detail: 'Registration complete.' });
    },
  );

  app.put(
    '/api/profile/practices/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Choose the practices you work at (registration step 2): primary first, then secondary',
        security,
        body: PracticesChoiceSchema,
        response: { 200: ProfileSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const id = userId(request);
      const chosen = request.body.practices.filter((p) => p.trim() !== '');
      const notChosen = validatePracticeChoice(chosen);
      if (Object.keys(notChosen).length > 0) throw validationFailed(notChosen);
      const profile = await mustLoad(id);
      if (profile.registration_completed) {
        throw validationFailed({
          non_field_errors: ['Join another establishment from Settings, Establishments.'],
        });
      }
      const places = await db
        .select({ id: establishments.id })
        .from(establishments)
        .where(
          and(
            inArray(establishments.id, chosen),
            eq(establishments.is_approved, true),
            ne(establishments.type, 'PA'),
          ),
        );
      if (places.length !== new Set(chosen).size)
        throw validationFailed({ practices: ['Choose a practice from the list.'] });

      await db.transaction(async (tx) => {
        // Choices made earlier in the same unfinished registration are replaced, not added to.
        await tx
          .delete(employments)
          .where(and(eq(employments.user_id, id), inArray(employments.priority, [1, 2])));
        await tx.insert(employments).values(
          chosen.map((establishmentId, index) => ({
            user_id: id,
            establishment_id: establishmentId,
            priority: index + 1,
            status: 'UNVERIFIED',
            permissions: defaultPermissionsFor(profile.role?.value),
          })),
        );
        await tx.update(users).set({ current_establishment_id: chosen[0] }).where(eq(users.id, id));
      });
      return mustLoad(id);
    },
  );

  app.post(
    '/api/profile/set-establishment/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Make one of your establishments the current one',
        security,
        body: z.object({ establishment_id: z.uuid() }),
        response: { 200: ProfileSchema, 401: DetailErrorSchema, 404: DetailErrorSchema },
      },
    },
    async (request) => {
      const profile = await mustLoad(userId(request));
      const employment = profile.employments.find(
        (e) => e.establishment.id === request.body.establishment_id,
      );
      // An establishment the user does not work at, or may not enter, answers like one that does not exist.
      if (!employment || !canAccessEstablishment(profile.role, employment)) throw notFound();
      await db
        .update(users)
        .set({ current_establishment_id: employment.establishment.id })
        .where(eq(users.id, userId(request)));
      return mustLoad(userId(request));
    },
  );

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
    const profile = await mustLoad(id);
    // Section 5: specialties are kept only for SP or GP roles without a sub-role.
    if (!SPECIALTY_ROLES.includes(profile.role?.value ?? '') || profile.sub_role !== null) {
      throw validationFailed({ non_field_errors: ['Specialties apply to specialists and GPs only.'] });
    }
  };

  app.post(
    '/api/profile/specialties/',
    { ...signedIn, schema: specialtySchema('Add a specialty', 201) },
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
      schema: { ...specialtySchema('Change a specialty', 200), params: z.object({ id: z.uuid() }) },
    },
    async (request) => {
      await assertMayHaveSpecialties(userId(request));
      const { priority, practice, field } = request.body;
      const [row] = await db
        .update(specialties)
        .set({ priority, practice, field })
        .where(and(eq(specialties.id, request.params.id), eq(specialties.user_id, userId(request))))
        .returning();
      if (!row) throw notFound();
      return { id: row.id, priority: row.priority, practice: row.practice, field: row.field };
    },
  );

  app.patch(
    '/api/profile/mfa/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Turn two-step sign-in (TOTP) on or off',
        description:
          'mfa_status true without a code starts enrolment and returns the secret and otpauth address; ' +
          'true with a code from the app turns it on; false with a current code turns it off.',
        security,
        body: MfaUpdateSchema,
        response: {
          200: MfaStatusSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, userId(request)));
      if (!user) throw notFound();
      const { mfa_status: wanted, code } = request.body;
      const codeIsValid = (secret: string | null) =>
        secret !== null && code !== undefined && isValidMfaCode(secret, user.email, code);
      const audit = (action: string) =>
        recordAudit(db, auditActorFrom(request, { actorId: user.id, establishmentId: null }), {
          action,
          resourceType: 'user',
          resourceId: user.id,
        });

      if (wanted && !user.mfa_enabled && code === undefined) {
        const secret = newMfaSecret();
        await db.update(users).set({ mfa_secret: secret }).where(eq(users.id, user.id));
        return {
          mfa_status: false,
          pending_mfa: true,
          secret,
          otpauth_uri: mfaEnrolmentUri(secret, user.email),
        };
      }
      if (wanted && !user.mfa_enabled) {
        if (!codeIsValid(user.mfa_secret))
          throw validationFailed({ code: ['The code is not right. Enter the current code from your app.'] });
        await db.update(users).set({ mfa_enabled: true }).where(eq(users.id, user.id));
        await audit('auth.mfa-enabled');
        return { mfa_status: true, pending_mfa: false };
      }
      if (!wanted && user.mfa_enabled) {
        if (!codeIsValid(user.mfa_secret))
          throw validationFailed({
            code: ['Enter the current code from your app to turn two-step sign-in off.'],
          });
        await db.update(users).set({ mfa_enabled: false, mfa_secret: null }).where(eq(users.id, user.id));
        await audit('auth.mfa-disabled');
        return { mfa_status: false, pending_mfa: false };
      }
      return { mfa_status: user.mfa_enabled, pending_mfa: !user.mfa_enabled && user.mfa_secret !== null };
    },
  );
  done();
};
