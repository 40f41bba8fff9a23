import { ProfileSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';

/** POST profile/set-establishment/: makes one of the user's establishments current (spec section 7). */
export function setEstablishment(establishmentId: string): Promise<Profile> {
  return apiClient('/api/profile/set-establishment/', {
    method: 'POST',
    body: { establishment_id: establishmentId },
    schema: ProfileSchema,
  });
}

export function useSetEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEstablishment,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
    // Spec section 7: a failure is only logged; the list keeps showing the establishment as it was.
    onError: (error) => console.error('Could not change the current establishment', error),
  });
}
