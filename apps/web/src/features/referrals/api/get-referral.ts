import { ReferralSchema, type Referral } from '@referrals/domain/referrals/referral-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Every referral query sits under this key, so one invalidation after an action refreshes lists and pages. */
export const referralsKey = ['referrals'] as const;

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
