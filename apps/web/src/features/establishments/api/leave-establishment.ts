import type { Employment } from '@referrals/domain/profile/profile-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { establishmentCountersQueryOptions } from './get-establishment-counters';

/** DELETE profile/employments/{id}/: leave an establishment; the server keeps it as FINISHED (204). */
export function leaveEstablishment(employment: Pick<Employment, 'id'>): Promise<void> {
  return apiClient(`/api/profile/employments/${encodeURIComponent(employment.id)}/`, { method: 'DELETE' });
}

export function useLeaveEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveEstablishment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries(profileQueryOptions()),
        queryClient.invalidateQueries(establishmentCountersQueryOptions()),
      ]),
  });
}
