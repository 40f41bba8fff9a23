import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  HEALTH_ORGANISATION_EMAIL_MESSAGE,
  SingleSignOnStartSchema,
  SingleSignOnStatusSchema,
  healthOrganisationOf,
  healthOrganisations,
} from '@referrals/domain/profile/health-organisations';
import { users } from '../../db/schema/people.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { auditActorOf } from '../audit/record-audit.ts';
import { startSingleSignOnLink } from './start-single-sign-on-link.ts';
import { singleSignOnLinkedAt } from '../auth/single-sign-on-link.ts';

/**
 * The Auth0-style database connection name the web app sends to force email-and-password sign-in; the
 * built-in login has no other mode, an external provider uses it to skip its organisation sign-in.
 */
export const PASSWORD_CONNECTION = 'Username-Password-Authentication';

/** Account linking to a health organisation's single sign-on (spec section 7: GET and POST profile/initiate-sso/). */
export const singleSignOnRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const caller = async (id: string | undefined) => {
    const [user] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, id ?? ''));
    if (!user) throw notFound();
    return user;
  };

  app.get(
    '/api/profile/initiate-sso/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'getSingleSignOnStatus',
        summary: 'Whether your address belongs to a health organisation whose single sign-on you can link',
        security,
        response: { 200: SingleSignOnStatusSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const user = await caller(request.user?.id);
      const organisation = healthOrganisationOf(user.email);
      const linkedAt = await singleSignOnLinkedAt(db, user.id);
      return {
        email: user.email,
        health_organisation: organisation === null ? null : healthOrganisations.coded(organisation),
        sso_linking_available: app.config.flags.singleSignOnAccountLinking && organisation !== null,
        linked_at: linkedAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/api/profile/initiate-sso/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'startSingleSignOn',
        summary:
          'Start linking your account: answers the sign-in address that confirms it with your password',
        description:
          'Only with the singleSignOnAccountLinking flag (404 otherwise) and a health-organisation address ' +
          '(400 otherwise). The login_url opens Login in email-and-password-only mode with a single-use link ' +
          'code that a password sign-in of this account spends within 10 minutes.',
        security,
        response: {
          202: SingleSignOnStartSchema,
          400: FieldErrorsSchema,
          401: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // A conditional feature that is off answers like an address that does not exist.
      if (!app.config.flags.singleSignOnAccountLinking) throw notFound();
      const user = await caller(request.user?.id);
      const organisation = healthOrganisationOf(user.email);
      if (organisation === null) throw validationFailed({ email: [HEALTH_ORGANISATION_EMAIL_MESSAGE] });
      const token = await startSingleSignOnLink(db, {
        actor: auditActorOf(request, { userId: user.id }),
        organisation,
      });
      const query = new URLSearchParams({
        connection: PASSWORD_CONNECTION,
        login_hint: user.email,
        sso_link: token,
      });
      return reply.status(202).send({ login_url: `/login?${query.toString()}` });
    },
  );

  done();
};
