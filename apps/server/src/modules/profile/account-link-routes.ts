import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  LinkSecondaryAccountSchema,
  LinkSecondaryAccountVerifySchema,
} from '@referrals/domain/profile/health-organisations';
import { ProfileSchema } from '@referrals/domain/profile/profile-schemas';
import { users } from '../../db/schema/people.ts';
import { notFound, throttled, validationFailed } from '../../http/api-errors.ts';
import { ACCOUNT_LINK_LIMITS, countRequest } from '../auth/request-throttle.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { linkSecondaryAccount, sendAccountLinkCode } from './link-secondary-account.ts';
import { loadProfile } from './load-profile.ts';

/**
 * Linking a secondary account (spec section 7): a 6-digit code is emailed to the other address, a
 * health-organisation one (section 5), and typing it back proves the person controls that address before
 * it is linked.
 */
export const accountLinkRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];

  app.post(
    '/api/profile/link-secondary-account/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'linkSecondaryAccount',
        summary: 'Send a code to the address of the account to link',
        security,
        description: "The address must be a health organisation's (400 on email otherwise).",
        body: LinkSecondaryAccountSchema,
        response: {
          202: DetailErrorSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, request.user?.id ?? ''));
      if (!user) throw notFound();
      if (request.body.email === user.email) {
        throw validationFailed({ email: ['Enter the address of your other account, not this one.'] });
      }
      const { throttled: tooMany } = await countRequest(db, ACCOUNT_LINK_LIMITS, {
        account: user.email,
        ip: request.ip,
      });
      if (tooMany) throw throttled();
      await sendAccountLinkCode(db, { user, email: request.body.email });
      app.jobs.wake();
      return reply.status(202).send({ detail: 'We sent a code to that address. It works for 10 minutes.' });
    },
  );

  app.post(
    '/api/profile/link-secondary-account/verify/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'verifySecondaryAccountLink',
        summary: 'Link the secondary account with the code that was emailed to it',
        security,
        body: LinkSecondaryAccountVerifySchema,
        response: {
          200: ProfileSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, request.user?.id ?? ''));
      if (!user) throw notFound();
      // Guesses count against the same limit as sending, so six digits cannot be worked through.
      const { throttled: tooMany } = await countRequest(db, ACCOUNT_LINK_LIMITS, {
        account: user.email,
        ip: request.ip,
      });
      if (tooMany) throw throttled();
      await linkSecondaryAccount(db, {
        actor: auditActorOf(request, { userId: user.id }),
        user,
        otp: request.body.otp,
      });
      const profile = await loadProfile(db, user.id);
      if (!profile) throw notFound();
      return profile;
    },
  );
  done();
};
