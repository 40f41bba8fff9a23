import { NAV_STATS_POLL_MS } from '@referrals/domain/constants';
import type { ReportStats } from '@referrals/domain/reports/report-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/**
 * Every report query sits under the referrals key, so an action on a referral or a report refreshes the
 * lists, the counters and the pages at once. Its own light module: the side navigation on the first
 * screen counts reports without the report schemas.
 */
export const reportsKey = [...referralsKey, 'reports'] as const;

/** GET reports/stats/: the navigation's Reports counters, polled with the referral counters. */
export function reportStatsQueryOptions() {
  return queryOptions({
    queryKey: [...reportsKey, 'stats'],
    // Trusted rather than parsed, as the referral counters: they feed the first screen.
    queryFn: ({ signal }) => apiClient<ReportStats>('/api/reports/stats/', { signal }),
    refetchInterval: NAV_STATS_POLL_MS,
  });
}

export function useReportStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...reportStatsQueryOptions(), enabled });
}
