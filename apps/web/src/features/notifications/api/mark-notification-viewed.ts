import type { Notification } from '@referrals/domain/notifications/notification-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationsKey } from './list-notifications';

/** POST notifications/{id}/mark-viewed/ (the spec's GET changes state, so the server takes a POST). */
export function markNotificationViewed(id: string): Promise<Notification> {
  return apiClient<Notification>(`/api/notifications/${encodeURIComponent(id)}/mark-viewed/`, {
    method: 'POST',
  });
}

/** Marks one viewed; the badge and the list are read again, so the badge falls (section 4 Notifications). */
export function useMarkNotificationViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationViewed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
