import { ProfileSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** GET profile/: the signed-in user, their employments and permissions (spec section 7). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiClient('/api/profile/', { schema: ProfileSchema, signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    // The profile changes only when the user edits it, and that save updates this query; refetching on
    // every focus would only add calls.
    staleTime: 5 * 60_000,
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
