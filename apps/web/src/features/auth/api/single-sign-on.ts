import {
  SingleSignOnStartSchema,
  SingleSignOnStatusSchema,
  type SingleSignOnStart,
  type SingleSignOnStatus,
} from '@referrals/domain/profile/health-organisations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET profile/initiate-sso/: the user's health organisation, if any, and whether the account is linked. */
export function getSingleSignOnStatus(signal?: AbortSignal): Promise<SingleSignOnStatus> {
  return apiClient('/api/profile/initiate-sso/', { schema: SingleSignOnStatusSchema, signal });
}

export function singleSignOnStatusQueryOptions() {
  return queryOptions({
    queryKey: ['profile', 'initiate-sso'],
    queryFn: ({ signal }) => getSingleSignOnStatus(signal),
    // Read at start-up by the redirect check; linking happens through a new sign-in, which reloads the app.
    staleTime: 10 * 60_000,
  });
}

export function useSingleSignOnStatus() {
  return useQuery(singleSignOnStatusQueryOptions());
}

/** POST profile/initiate-sso/ (202): starts linking; answers the Login address that confirms it. */
export function startSingleSignOnLink(): Promise<SingleSignOnStart> {
  return apiClient('/api/profile/initiate-sso/', { method: 'POST', schema: SingleSignOnStartSchema });
}

export function useStartSingleSignOnLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSingleSignOnLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: singleSignOnStatusQueryOptions().queryKey }),
  });
}
