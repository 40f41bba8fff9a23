import { NOTIFICATION_POLL_MS } from '@referrals/domain/constants';
import type { NotificationPage } from '@referrals/domain/notifications/notification-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every notification query sits under this key, so marking them viewed refreshes the badge and the list. */
export const notificationsKey = ['notifications'] as const;

/**
 * GET notifications/ (spec section 7 Notifications): one page of the caller's notifications about their
 * current establishment, newest first, with unseen_count. The answer is trusted rather than parsed: the
 * schema would bring the referral schemas into the first screen, whose JavaScript has a budget.
 */
export function listNotifications(
  query: { page: number; page_size?: number },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return apiClient<NotificationPage>('/api/notifications/', {
    query: { ...query, within_establishment: 'true' },
    signal,
  });
}

/** The bell's badge: only unseen_count is needed, so a page of one. Polled every 30 s (section 9). */
export function unseenNotificationsQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsKey, 'unseen'],
    queryFn: ({ signal }) => listNotifications({ page: 1, page_size: 1 }, signal),
    select: (page) => page.unseen_count,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useUnseenNotificationCount() {
  return useQuery(unseenNotificationsQueryOptions());
}
