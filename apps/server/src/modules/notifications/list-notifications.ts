import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationListQuery } from '@referrals/domain/notifications/notification-schemas';
import type { Queryable } from '../../db/database.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { Caller } from '../tenancy/caller.ts';
import { notificationOut, notificationsOf, unseenOf } from './notification-queries.ts';
import type { Notification } from '@referrals/domain/notifications/notification-schemas';

/** within_establishment as a condition: 'true' the caller's current establishment, an id that one. */
function withinEstablishment(caller: Caller, within: string | undefined): SQL | undefined {
  if (within === undefined || within === 'false') return undefined;
  const establishmentId = within === 'true' ? (caller.current?.establishment.id ?? null) : within;
  return establishmentId === null ? sql`false` : eq(notifications.establishment_id, establishmentId);
}

/** GET notifications/ (section 7): one page of the caller's notifications, newest first, and unseen_count. */
export async function listNotifications(
  q: Queryable,
  options: { caller: Caller; query: NotificationListQuery },
): Promise<{ count: number; unseen_count: number; results: Notification[] }> {
  const { caller, query } = options;
  const within = withinEstablishment(caller, query.within_establishment);
  const where = and(notificationsOf(caller), within);
  const [total] = await q.select({ n: count() }).from(notifications).where(where);
  const [unseen] = await q.select({ n: count() }).from(notifications).where(unseenOf(caller, within));
  const rows = await q
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: total?.n ?? 0, unseen_count: unseen?.n ?? 0, results: rows.map(notificationOut) };
}
