import { ProfileSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';

/** PUT profile/practices/: the practices chosen at registration step 2, primary first (spec section 7). */
export function choosePractices(practices: readonly string[]): Promise<Profile> {
  return apiClient('/api/profile/practices/', {
    method: 'PUT',
    body: { practices },
    schema: ProfileSchema,
  });
}

export function useChoosePractices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePractices,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
