import { registerCallNeeded } from '@referrals/domain/profile/profile-load-rules';
import { ProfileSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { ApiError } from '../api-error';

/** GET profile/: the signed-in user, their employments and permissions (spec section 7). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiClient('/api/profile/', { schema: ProfileSchema, signal });
}

/**
 * The profile load flow (spec section 4): GET profile/, then, when two-step sign-in is pending and enabled
 * on an unfinished registration, the register call; its 202 marks the registration complete. A 400 there
 * means details are still missing, and the registration stays unfinished for the wizard to ask for them.
 */
export async function loadProfile(signal?: AbortSignal): Promise<Profile> {
  const profile = await getProfile(signal);
  if (!registerCallNeeded(profile)) return profile;
  try {
    await apiClient('/api/profile/register/', { method: 'POST', signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return profile;
    throw error;
  }
  return { ...profile, registration_completed: true, pending_mfa: false };
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => loadProfile(signal),
    // The profile changes only when the user edits it, and that save updates this query; refetching on
    // every focus would only add calls.
    staleTime: 5 * 60_000,
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
