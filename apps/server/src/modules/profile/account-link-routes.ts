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
import { accountLinkEmail } from '../auth/account-emails.ts';
import { issueOneTimeToken, spendOneTimeCode } from '../auth/one-time-tokens.ts';
import { ACCOUNT_LINK_LIMITS, countRequest } from '../auth/request-throttle.ts';
import { auditActorFrom, recordAudit } from '../audit/record-audit.ts';
import { sendMail } from '../mail/outbox.ts';
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
      await db.transaction(async (tx) => {
        const code = await issueOneTimeToken(tx, {
          userId: user.id,
          purpose: 'account-link',
          detail: { email: request.body.email },
          code: true,
        });
        await sendMail(app, accountLinkEmail(user, request.body.email, code), tx);
      });
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
      await db.transaction(async (tx) => {
        const spent = await spendOneTimeCode(tx, user.id, request.body.otp, 'account-link');
        const email = typeof spent?.detail?.email === 'string' ? spent.detail.email : undefined;
        if (!email)
          throw validationFailed({ otp: ['That code is not right or has expired. Ask for a new one.'] });
        await tx.update(users).set({ linked_account: email }).where(eq(users.id, user.id));
        await recordAudit(tx, auditActorFrom(request, { actorId: user.id, establishmentId: null }), {
          action: 'auth.account-linked',
          resourceType: 'user',
          resourceId: user.id,
        });
      });
      const profile = await loadProfile(db, user.id);
      if (!profile) throw notFound();
      return profile;
    },
  );
  done();
};
