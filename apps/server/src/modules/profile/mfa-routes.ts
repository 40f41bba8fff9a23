import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { MfaStatusSchema, MfaUpdateSchema } from '@referrals/domain/profile/profile-schemas';
import { auditActorOf } from '../audit/record-audit.ts';
import { updateTwoStepSignIn } from './update-two-step-sign-in.ts';

/** Two-step sign-in with an authenticator app (spec section 7: PATCH profile/mfa/, body mfa_status). */
export const mfaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  // Declaring access attaches the sign-in check (tenancy/route-access.ts).
  const signedIn = { config: { access: 'signed-in' as const } };
  const userId = (request: { user?: { id: string } }) => request.user?.id ?? '';

  app.patch(
    '/api/profile/mfa/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        operationId: 'updateMfa',
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
    async (request) =>
      updateTwoStepSignIn(db, {
        actor: auditActorOf(request, { userId: userId(request) }),
        userId: userId(request),
        ...request.body,
      }),
  );
  done();
};
