import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import { users } from '../../db/schema/people.ts';
import { notFound, throttled, validationFailed } from '../../http/api-errors.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { renderLink, renderMessage, sendPage } from './auth-form.ts';
import { requestEmailVerification, verifyEmail } from './email-verification.ts';
import { renderAuthPage } from './login-page.ts';
import { LINK_USED_OR_EXPIRED } from './password-reset-pages.ts';
import { countRequest, RESEND_VERIFICATION_LIMITS } from './request-throttle.ts';

export const EMAIL_VERIFIED = 'Your email address is verified. You can now sign in.';
const ALREADY_VERIFIED = 'Your email address is already verified.';

/** The link in the verification email, and asking for a new one from the profile (spec 7, resend-verification). */
export const emailVerificationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;

  // A GET that changes state, unlike the API: it is the link in an email, and opening it twice (or a mail
  // scanner opening it first) changes nothing more than opening it once.
  app.get(
    '/auth/verify-email',
    {
      schema: {
        hide: true,
        querystring: z.object({ token: z.string().max(200).default('') }).catch({ token: '' }),
      },
    },
    async (request, reply) => {
      const result = await verifyEmail(app, request, request.query.token);
      const page =
        result === 'verified'
          ? renderAuthPage({
              title: 'Email address verified',
              lead: 'Thank you for confirming your email address.',
              body: `${renderMessage('success', EMAIL_VERIFIED)}
  ${renderLink(`${publicUrl}/login`, 'Sign in', 'button')}`,
            })
          : renderAuthPage({
              title: 'Verify your email address',
              lead: 'Verification links work within 24 hours, and only the newest one you were sent works.',
              body: `${renderMessage('error', LINK_USED_OR_EXPIRED)}
  <p>Sign in and ask for a new link from your profile.</p>
  ${renderLink(`${publicUrl}/login`, 'Sign in', 'button')}`,
            });
      return sendPage(reply, result === 'verified' ? 200 : 400, page);
    },
  );

  app.post(
    '/api/profile/resend-verification/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'resendVerificationEmail',
        summary: 'Email a new link to verify the address of the signed-in user',
        security: [{ bearer: [] }],
        response: {
          202: DetailErrorSchema.pick({ detail: true }),
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user?.id ?? '';
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      if (user.email_verified_at) throw validationFailed({ non_field_errors: [ALREADY_VERIFIED] });
      const { throttled: isThrottled } = await countRequest(db, RESEND_VERIFICATION_LIMITS, {
        account: user.email,
        ip: request.ip,
      });
      if (isThrottled) throw throttled();
      await requestEmailVerification(db, {
        actor: auditActorOf(request, { userId: user.id }),
        user,
        publicUrl,
      });
      app.jobs.wake();
      return reply.status(202).send({ detail: 'Verification email sent.' });
    },
  );

  done();
};
