import type { Employment } from '@referrals/domain/profile/profile-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { referralsKey } from '@/lib/referrals-key';

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
        // Where the person works changed: every referral list and count is another now.
        queryClient.invalidateQueries({ queryKey: referralsKey }),
      ]),
  });
}
