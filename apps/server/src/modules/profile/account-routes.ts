import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema, type FieldErrors } from '@referrals/domain/api';
import { ProfileSchema } from '@referrals/domain/profile/profile-schemas';
import {
  canAccessEstablishment,
  missingAhpraNumber,
  validatePracticeChoice,
} from '@referrals/domain/profile/profile-save-rules';
import { PracticesChoiceSchema } from '@referrals/domain/establishments/establishment-schemas';
import { users } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { signOut } from '../auth/sign-out.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';
import { loadProfile } from './load-profile.ts';
import { choosePractices } from './choose-practices.ts';
import { callerOf } from '../tenancy/caller.ts';
import { providerOnly } from '../tenancy/route-access.ts';

/** Registration and the current establishment (spec section 7, Profile and account). */
export const accountRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  // Declaring access attaches the sign-in check (tenancy/route-access.ts).
  const signedIn = { config: { access: 'signed-in' as const } };
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
        operationId: 'completeRegistration',
        summary: 'Finish registration once the wizard has saved every required detail',
        security,
        response: { 202: DetailErrorSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const profile = await mustLoad(userId(request));
      const errors: FieldErrors = missingAhpraNumber(profile);
      if (profile.user_type === 'provider' && !profile.role) errors.role = ['This field is required.'];
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

  // The spec calls GET profile/exit-registration/; it ends a sign-in, so it is a POST (api-conventions.md).
  app.post(
    '/api/profile/exit-registration/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        operationId: 'exitRegistration',
        summary: 'Leave the registration wizard: sign out, keeping what was saved for next time',
        security,
        response: { 200: DetailErrorSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const profile = await mustLoad(userId(request));
      if (!user || profile.registration_completed) {
        throw validationFailed({ non_field_errors: ['Registration is already complete.'] });
      }
      await signOut(db, {
        actor: auditActorOf(request, { userId: user.id }),
        grantId: user.grantId,
        reason: 'left registration',
      });
      clearRefreshCookie(reply);
      return { detail: 'What you saved is kept. You can finish registering next time you sign in.' };
    },
  );

  app.put(
    '/api/profile/practices/',
    {
      // A patient or carer has no practice to join (tenancy/route-access.ts).
      config: { access: providerOnly },
      schema: {
        tags: ['profile'],
        operationId: 'choosePractices',
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
      await choosePractices({ db, caller: await callerOf(request), role: profile.role?.value, chosen });
      return mustLoad(id);
    },
  );

  app.post(
    '/api/profile/set-establishment/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        operationId: 'setCurrentEstablishment',
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

  done();
};
