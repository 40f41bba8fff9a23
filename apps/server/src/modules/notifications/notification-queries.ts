import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Notification } from '@referrals/domain/notifications/notification-schemas';
import { notifications } from '../../db/schema/notifications.ts';
import type { Caller } from '../tenancy/caller.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Notification tenancy, in one place: a person sees only their own notifications. Another person's answers
 * like a missing one (404), so ids cannot be probed.
 */
export function notificationsOf(caller: Caller): SQL {
  return eq(notifications.user_id, caller.userId);
}

/** The caller's unseen notifications, under `filter` when given. */
export function unseenOf(caller: Caller, filter?: SQL): SQL | undefined {
  return and(notificationsOf(caller), isNull(notifications.viewed_at), filter);
}

/** A notification as the API answers it (section 3 Notification). */
export function notificationOut(row: NotificationRow): Notification {
  return {
    id: row.id,
    scope: row.scope,
    action: row.action,
    title: row.title,
    text: row.text,
    created_at: row.created_at.toISOString(),
    viewed_at: row.viewed_at?.toISOString() ?? null,
    subject_id: row.subject_id,
    subject_details: row.subject_details,
  };
}
