import {
  PlatformSubscriptionSchema,
  type Platform,
  type PlatformSubscription,
} from '@referrals/domain/profile/platforms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET platform-subscription/: the chosen platform and the ones to choose from (spec section 7). */
export function getPlatformSubscription(signal?: AbortSignal): Promise<PlatformSubscription> {
  return apiClient('/api/platform-subscription/', { schema: PlatformSubscriptionSchema, signal });
}

export function platformSubscriptionQueryOptions() {
  return queryOptions({
    queryKey: ['platform-subscription'],
    queryFn: ({ signal }) => getPlatformSubscription(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlatformSubscription() {
  return useQuery(platformSubscriptionQueryOptions());
}

/** PUT platform-subscription/, body selected_platform (spec section 7); 400 for a platform not in the list. */
export function savePlatformSubscription(selected: Platform): Promise<PlatformSubscription> {
  return apiClient('/api/platform-subscription/', {
    method: 'PUT',
    body: { selected_platform: selected },
    schema: PlatformSubscriptionSchema,
  });
}

export function useSavePlatformSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlatformSubscription,
    onSuccess: (answer) => queryClient.setQueryData(platformSubscriptionQueryOptions().queryKey, answer),
  });
}
