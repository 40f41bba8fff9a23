import { sql } from 'drizzle-orm';
import type { NotificationsMarked } from '@referrals/domain/notifications/notification-schemas';
import type { Queryable } from '../../db/database.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { Caller } from '../tenancy/caller.ts';
import { unseenOf } from './notification-queries.ts';

/** POST notifications/mark-all-viewed/: every unseen notification of the caller becomes viewed now. */
export async function markAllNotificationsViewed(
  q: Queryable,
  options: { caller: Caller },
): Promise<NotificationsMarked> {
  const marked = await q
    .update(notifications)
    .set({ viewed_at: sql`now()` })
    .where(unseenOf(options.caller))
    .returning({ id: notifications.id });
  return { marked: marked.length, unseen_count: 0 };
}
