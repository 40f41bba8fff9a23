import { and, eq } from 'drizzle-orm';
import type { Notification } from '@referrals/domain/notifications/notification-schemas';
import type { Queryable } from '../../db/database.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { notFound } from '../../http/api-errors.ts';
import { isUuid } from '../../http/ids.ts';
import type { Caller } from '../tenancy/caller.ts';
import { notificationOut, notificationsOf } from './notification-queries.ts';

/** GET notifications/{id}/: one of the caller's own notifications; anyone else's is a 404. */
export async function getNotification(
  q: Queryable,
  options: { caller: Caller; id: string },
): Promise<Notification> {
  if (!isUuid(options.id)) throw notFound();
  const [row] = await q
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, options.id), notificationsOf(options.caller)));
  if (!row) throw notFound();
  return notificationOut(row);
}
