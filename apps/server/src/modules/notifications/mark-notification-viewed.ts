import { and, eq, sql } from 'drizzle-orm';
import type { Notification } from '@referrals/domain/notifications/notification-schemas';
import type { Queryable } from '../../db/database.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { Caller } from '../tenancy/caller.ts';
import { getNotification } from './get-notification.ts';
import { notificationsOf } from './notification-queries.ts';

/**
 * POST notifications/{id}/mark-viewed/ (section 4 Notifications): the caller's notification becomes viewed
 * once; marking it again keeps the first time. One statement, so no transaction is needed.
 */
export async function markNotificationViewed(
  q: Queryable,
  options: { caller: Caller; id: string },
): Promise<Notification> {
  const found = await getNotification(q, options);
  await q
    .update(notifications)
    .set({ viewed_at: sql`coalesce(${notifications.viewed_at}, now())` })
    .where(and(eq(notifications.id, found.id), notificationsOf(options.caller)));
  return getNotification(q, options);
}
