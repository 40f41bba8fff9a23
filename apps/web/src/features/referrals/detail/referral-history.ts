import {
  ReferralHistorySchema,
  type ReferralHistoryEntry,
} from '@referrals/domain/referrals/referral-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

/** GET referrals/{id}/history/: what happened to the referral, oldest first (referral-lifecycle.md). */
export function getReferralHistory(id: string, signal?: AbortSignal): Promise<ReferralHistoryEntry[]> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/history/`, {
    schema: ReferralHistorySchema,
    signal,
  });
}

export function useReferralHistory(id: string) {
  // Under referralsKey, so the invalidation after an action brings the new row in.
  return useQuery(
    queryOptions({
      queryKey: [...referralsKey, 'history', id],
      queryFn: ({ signal }) => getReferralHistory(id, signal),
    }),
  );
}
