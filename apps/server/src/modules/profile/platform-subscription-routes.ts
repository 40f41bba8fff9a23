import { eq } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DetailErrorSchema, FieldErrorsSchema } from '@referrals/domain/api';
import {
  PlatformSubscriptionSchema,
  PlatformSubscriptionUpdateSchema,
  platformSubscription,
} from '@referrals/domain/profile/platforms';
import { users } from '../../db/schema/people.ts';
import { notFound } from '../../http/api-errors.ts';

/** The platform selection screen's calls (spec section 7: GET and PUT platform-subscription/). */
export const platformSubscriptionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const responses = { 200: PlatformSubscriptionSchema, 400: FieldErrorsSchema, 401: DetailErrorSchema };

  app.get(
    '/api/platform-subscription/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'getPlatformSubscription',
        summary: 'The platform you chose, and the platforms to choose from',
        security,
        response: responses,
      },
    },
    async (request) => {
      const [user] = await db
        .select({ selected_platform: users.selected_platform })
        .from(users)
        .where(eq(users.id, request.user?.id ?? ''));
      if (!user) throw notFound();
      return platformSubscription(user.selected_platform);
    },
  );

  app.put(
    '/api/platform-subscription/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['profile'],
        operationId: 'updatePlatformSubscription',
        summary: 'Choose the platform you work with Referrals from',
        security,
        body: PlatformSubscriptionUpdateSchema,
        response: responses,
      },
    },
    async (request) => {
      const [user] = await db
        .update(users)
        .set({
          selected_platform: request.body.selected_platform,
          // Not a profile field: the profile's version stays, so an open profile form is not made stale.
          updated_at: new Date(),
        })
        .where(eq(users.id, request.user?.id ?? ''))
        .returning({ selected_platform: users.selected_platform });
      if (!user) throw notFound();
      return platformSubscription(user.selected_platform);
    },
  );

  done();
};
