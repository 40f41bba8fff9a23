import type { NotificationsMarked } from '@referrals/domain/notifications/notification-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationsKey } from './list-notifications';

/** POST notifications/mark-all-viewed/ (the spec's GET changes state, so the server takes a POST). */
export function markAllNotificationsViewed(): Promise<NotificationsMarked> {
  return apiClient<NotificationsMarked>('/api/notifications/mark-all-viewed/', { method: 'POST' });
}

/** 'Mark all as read': every notification becomes viewed and the badge falls to nothing. */
export function useMarkAllNotificationsViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsViewed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
