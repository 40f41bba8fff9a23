import {
  ReferralDashboardStatsSchema,
  type ReferralDashboardStats,
} from '@referrals/domain/referrals/referral-dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/** GET referrals/stats/dashboard/: a count per dashboard item, counted by the API, never by loading lists. */
export function getDashboardStats(signal?: AbortSignal): Promise<ReferralDashboardStats> {
  return apiClient('/api/referrals/stats/dashboard/', { schema: ReferralDashboardStatsSchema, signal });
}

/** Keyed by the establishment (its counts are that establishment's) under referralsKey, so actions refresh it. */
export function useDashboardStats(establishmentId: string) {
  return useQuery({
    queryKey: [...referralsKey, establishmentId, 'dashboard'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });
}
