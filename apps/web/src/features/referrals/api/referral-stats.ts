import { NAV_STATS_POLL_MS } from '@referrals/domain/constants';
import type {
  EstablishmentUnreadStats,
  ReferralStats,
} from '@referrals/domain/referrals/referral-list-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

// Both answers are trusted rather than parsed: they feed the first screen's top bar and side navigation,
// and the referral list schemas would weigh on its JavaScript budget.

/**
 * GET referrals/stats/ (spec section 7 Stats): totals and unread of the inbox and outbox at the current
 * establishment, without drafts, archived or deleted referrals.
 */
export function getReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  return apiClient<ReferralStats>('/api/referrals/stats/', {
    query: { exclude_status: 'DRFT', archived: false, deleted: false, within_establishment: 'true' },
    signal,
  });
}

/** Under the referrals key, so an action on a referral refreshes the counters at once. Polled every 20 s. */
export function referralStatsQueryOptions() {
  return queryOptions({
    queryKey: [...referralsKey, 'stats'],
    queryFn: ({ signal }) => getReferralStats(signal),
    refetchInterval: NAV_STATS_POLL_MS,
  });
}

export function useReferralStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...referralStatsQueryOptions(), enabled });
}

/**
 * GET referrals/stats/establishments/ (spec section 7 Stats): unread inbox referrals per establishment the
 * caller may switch to, for the establishment selector's New, Under Review and Accepted.
 */
export function getEstablishmentUnreadStats(signal?: AbortSignal): Promise<EstablishmentUnreadStats> {
  return apiClient<EstablishmentUnreadStats>('/api/referrals/stats/establishments/', { signal });
}

export function establishmentUnreadStatsQueryOptions() {
  return queryOptions({
    queryKey: [...referralsKey, 'stats', 'establishments'],
    queryFn: ({ signal }) => getEstablishmentUnreadStats(signal),
    refetchInterval: NAV_STATS_POLL_MS,
  });
}

export function useEstablishmentUnreadStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...establishmentUnreadStatsQueryOptions(), enabled });
}
