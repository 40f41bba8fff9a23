import { ReferralSchema, type Referral } from '@referrals/domain/referrals/referral-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

export { referralsKey };

/**
 * GET referrals/{id}/: the referral as the caller's side sees it, with `allowed_actions` from the lifecycle
 * table. Another establishment's referral answers 404 like a missing one.
 */
export function getReferral(id: string, signal?: AbortSignal): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/`, { schema: ReferralSchema, signal });
}

export function referralQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...referralsKey, 'detail', id],
    queryFn: ({ signal }) => getReferral(id, signal),
  });
}

export function useReferral(id: string) {
  return useQuery(referralQueryOptions(id));
}
