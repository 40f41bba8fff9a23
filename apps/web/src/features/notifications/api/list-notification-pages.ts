import { NOTIFICATION_POLL_MS } from '@referrals/domain/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listNotifications, notificationsKey } from './list-notifications';

/**
 * The panel's list: GET notifications/ page after page as the user scrolls (spec section 2 Layout), polled
 * every 30 s while the panel is open. Apart from the badge's query so the first screen does not carry it.
 */
export function notificationPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...notificationsKey, 'pages'],
    queryFn: ({ pageParam, signal }) => listNotifications({ page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next === null ? undefined : page + 1),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useNotificationPages() {
  return useInfiniteQuery(notificationPagesQueryOptions());
}
