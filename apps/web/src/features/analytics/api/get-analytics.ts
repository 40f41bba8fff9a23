import {
  AnalyticsSchema,
  type Analytics,
  type AnalyticsQuery,
} from '@referrals/domain/analytics/waiting-times';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/** GET analytics/: the current establishment's waiting times and volumes for a range and filters. */
export function getAnalytics(query: AnalyticsQuery, signal?: AbortSignal): Promise<Analytics> {
  return apiClient('/api/analytics/', { schema: AnalyticsSchema, query, signal });
}

/**
 * Keyed by the establishment and the query under referralsKey, so a referral's action refreshes it. While
 * a changed filter loads, the figures of the last one stay on screen rather than blanking the page.
 */
export function useAnalytics(establishmentId: string, query: AnalyticsQuery) {
  return useQuery({
    queryKey: [...referralsKey, establishmentId, 'analytics', query],
    queryFn: ({ signal }) => getAnalytics(query, signal),
    placeholderData: keepPreviousData,
  });
}
