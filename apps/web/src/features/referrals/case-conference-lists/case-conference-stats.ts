import { NAV_STATS_POLL_MS } from '@referrals/domain/constants';
import type { CaseConferenceStats } from '@referrals/domain/case-conferences/case-conference-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/**
 * GET referrals/cases/stats/ (docs/case-conferences.md): the navigation's Case Conferences counters, the
 * active conferences and their unread messages per box. Trusted rather than parsed, as the referral
 * counters are: they feed the first screen, and its own light module keeps the conference schemas off it.
 * Under the referrals key, so whatever refreshes the referral counters refreshes these; polled with them.
 */
export function caseConferenceStatsQueryOptions() {
  return queryOptions({
    queryKey: [...referralsKey, 'stats', 'case-conferences'],
    queryFn: ({ signal }) => apiClient<CaseConferenceStats>('/api/referrals/cases/stats/', { signal }),
    refetchInterval: NAV_STATS_POLL_MS,
  });
}

export function useCaseConferenceStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...caseConferenceStatsQueryOptions(), enabled });
}
