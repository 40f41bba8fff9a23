import type { Page } from '@referrals/domain/api';
import {
  WaitingEstablishmentPageSchema,
  type WaitingEstablishment,
} from '@referrals/domain/establishments/establishment-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET platform/establishments/: establishments waiting for approval, then for verification. */
export function listWaitingEstablishments(
  page: number,
  signal?: AbortSignal,
): Promise<Page<WaitingEstablishment>> {
  return apiClient('/api/platform/establishments/', {
    query: { page },
    schema: WaitingEstablishmentPageSchema,
    signal,
  });
}

/** Every page of the queue; a decision reloads them all. */
export const WAITING_ESTABLISHMENTS_KEY = ['platform', 'establishments'] as const;

export function waitingEstablishmentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...WAITING_ESTABLISHMENTS_KEY, page],
    queryFn: ({ signal }) => listWaitingEstablishments(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWaitingEstablishments(page: number) {
  return useQuery(waitingEstablishmentsQueryOptions(page));
}
