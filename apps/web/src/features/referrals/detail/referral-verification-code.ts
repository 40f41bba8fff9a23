import { VerificationCodeSchema, type VerificationCode } from '@referrals/domain/referrals/verification-code';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

/** GET and POST referrals/{id}/verification-code/ (spec section 7; section 9: a new code every 60 s). */
const address = (id: string) => `/api/referrals/${encodeURIComponent(id)}/verification-code/`;

const codeQuery = (id: string) =>
  queryOptions({
    queryKey: [...referralsKey, 'verification-code', id],
    queryFn: ({ signal }): Promise<VerificationCode> =>
      apiClient(address(id), { schema: VerificationCodeSchema, signal }),
    // The code is a secret of the moment: never shown from a cache after it changed.
    staleTime: 0,
    gcTime: 0,
  });

export function useVerificationCode(id: string) {
  return useQuery(codeQuery(id));
}

/** "New code": the answer is the new code, shown at once; the old one stops working on the server. */
export function useIssueVerificationCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient(address(id), { method: 'POST', schema: VerificationCodeSchema }),
    onSuccess: (code) => queryClient.setQueryData(codeQuery(id).queryKey, code),
  });
}
