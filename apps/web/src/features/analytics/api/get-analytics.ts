import {
  AnalyticsSchema,
  type Analytics,
  type AnalyticsQuery,
} from '@referrals/domain/analytics/waiting-times';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '@/lib/referrals-key';

/** Whose figures: the current establishment's (GET analytics/) or a health network's (platform administrators). */
export type AnalyticsSource = { kind: 'establishment' | 'network'; id: string };

function pathOf(source: AnalyticsSource): string {
  return source.kind === 'network'
    ? `/api/platform/health-networks/${encodeURIComponent(source.id)}/analytics/`
    : '/api/analytics/';
}

export function getAnalytics(
  source: AnalyticsSource,
  query: AnalyticsQuery,
  signal?: AbortSignal,
): Promise<Analytics> {
  return apiClient(pathOf(source), { schema: AnalyticsSchema, query, signal });
}

/**
 * Keyed by whose figures and the query under referralsKey, so a referral's action refreshes them. While a
 * changed filter loads, the figures of the last one stay on screen rather than blanking the page.
 */
export function useAnalytics(source: AnalyticsSource, query: AnalyticsQuery) {
  return useQuery({
    queryKey: [...referralsKey, source.kind, source.id, 'analytics', query],
    queryFn: ({ signal }) => getAnalytics(source, query, signal),
    placeholderData: keepPreviousData,
  });
}
