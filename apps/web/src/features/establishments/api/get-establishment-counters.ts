import { NAV_STATS_POLL_MS } from '@referrals/domain/constants';
import {
  EstablishmentCountersListSchema,
  type EstablishmentCounters,
} from '@referrals/domain/people/employment-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET profile/establishment-counters/: inbox New, Under Review and Accepted per establishment. */
export function getEstablishmentCounters(signal?: AbortSignal): Promise<EstablishmentCounters[]> {
  return apiClient('/api/profile/establishment-counters/', {
    schema: EstablishmentCountersListSchema,
    signal,
  });
}

export function establishmentCountersQueryOptions() {
  return queryOptions({
    queryKey: ['profile', 'establishment-counters'],
    queryFn: ({ signal }) => getEstablishmentCounters(signal),
    // The nav stats poll (spec section 9); TanStack pauses it while the tab is in the background.
    refetchInterval: NAV_STATS_POLL_MS,
  });
}

export function useEstablishmentCounters({ enabled }: { enabled: boolean }) {
  return useQuery({ ...establishmentCountersQueryOptions(), enabled });
}
