import { ProfileSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import type { SpecialAccessUpdate } from '@referrals/domain/profile/special-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';

/**
 * PUT profile/special-access/: head of department and special access asked for at the user's hospitals and
 * departments (registration page 4); answers the profile.
 */
export function saveSpecialAccess(answers: SpecialAccessUpdate): Promise<Profile> {
  return apiClient('/api/profile/special-access/', { method: 'PUT', body: answers, schema: ProfileSchema });
}

export function useSaveSpecialAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSpecialAccess,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
