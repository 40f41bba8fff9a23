import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';

/** POST profile/register/: 202 once every required detail is saved, else 400 per field (spec section 7). */
export function finishRegistration(): Promise<{ detail: string }> {
  return apiClient('/api/profile/register/', { method: 'POST' });
}

/** Finishes, then reloads the profile so the sign-in guard sees registration_completed before navigating on. */
export function useFinishRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await finishRegistration();
      return queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
    },
  });
}
