import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { MfaStatusSchema, MfaUpdateSchema } from '@referrals/domain/profile/profile-schemas';
import { users } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { auditActorFrom, recordAudit } from '../audit/record-audit.ts';
import { isValidMfaCode, mfaEnrolmentUri, newMfaSecret } from '../auth/mfa.ts';
import { pendingMfa } from './load-profile.ts';

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
        return { mfa_status: true, pending_mfa: pendingMfa({ ...user, mfa_enabled: true }) };
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
      return { mfa_status: user.mfa_enabled, pending_mfa: pendingMfa(user) };
    },
  );
  done();
};
