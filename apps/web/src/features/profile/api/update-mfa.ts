import { MfaStatusSchema, type MfaStatus, type MfaUpdate } from '@referrals/domain/profile/profile-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';

/**
 * PATCH profile/mfa/ (spec section 7): `{mfa_status: true}` starts enrolment and answers the secret;
 * with a code from the app it turns two-step sign-in on; `{mfa_status: false, code}` turns it off.
 */
export function updateMfa(body: MfaUpdate): Promise<MfaStatus> {
  return apiClient('/api/profile/mfa/', { method: 'PATCH', body, schema: MfaStatusSchema });
}

/** After each 200 the profile reloads (spec section 7: "then the page reloads"). */
export function useUpdateMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
