import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DetailErrorSchema } from '@referrals/domain/api';
import {
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationSchema,
  NotificationsMarkedSchema,
} from '@referrals/domain/notifications/notification-schemas';
import { methodNotAllowed } from '../../http/api-errors.ts';
import { SIGNED_IN_ERROR_RESPONSES } from '../../http/error-responses.ts';
import { toPage } from '../../http/paging.ts';
import { callerOf } from '../tenancy/caller.ts';
import { getNotification } from './get-notification.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsViewed } from './mark-all-notifications-viewed.ts';
import { markNotificationViewed } from './mark-notification-viewed.ts';

const NotificationIdParamsSchema = z.object({ id: z.string() });

/**
 * The caller's notifications (spec section 7 Notifications). Each person sees only their own; another's
 * id is a 404. The spec's GET mark-viewed and mark-all-viewed change state, so they are POST here and a
 * GET answers 405 (api-conventions.md; docs/spec-deviations.md).
 */
export const notificationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  const security = [{ bearer: [] }];
  const tags = ['notifications'];
  const errors = { 401: DetailErrorSchema, 403: DetailErrorSchema };
  const withNotFound = SIGNED_IN_ERROR_RESPONSES;

  app.get(
    '/api/notifications/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'listNotifications',
        summary: 'Your notifications, newest first, 10 a page, with unseen_count',
        description:
          'Polled every 30 s (section 9). within_establishment=true keeps those about your current ' +
          'establishment, an establishment id those about that one; unseen_count counts under the same filter.',
        security,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema, 400: SIGNED_IN_ERROR_RESPONSES[400], ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const { count, unseen_count, results } = await listNotifications(db, { caller, query: request.query });
      return {
        ...toPage(request, request.query, count, results, app.config.publicUrl),
        unseen_count,
      };
    },
  );

  app.post(
    '/api/notifications/mark-all-viewed/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'markAllNotificationsViewed',
        summary: 'Mark every notification of yours viewed; the badge falls to zero',
        security,
        response: { 200: NotificationsMarkedSchema, ...errors },
      },
    },
    async (request) => markAllNotificationsViewed(db, { caller: await callerOf(request) }),
  );

  app.get(
    '/api/notifications/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'getNotification',
        summary: 'One of your notifications',
        security,
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema, ...withNotFound, 405: DetailErrorSchema },
      },
    },
    async (request) => {
      // GET mark-all-viewed/ lands here as an id; it is the POST route's path, so it is a 405, not a 404.
      if (request.params.id === 'mark-all-viewed') throw methodNotAllowed('GET');
      return getNotification(db, { caller: await callerOf(request), id: request.params.id });
    },
  );

  app.post(
    '/api/notifications/:id/mark-viewed/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'markNotificationViewed',
        summary: 'Mark one of your notifications viewed (the first time counts)',
        security,
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema, ...withNotFound },
      },
    },
    async (request) => markNotificationViewed(db, { caller: await callerOf(request), id: request.params.id }),
  );
  done();
};
