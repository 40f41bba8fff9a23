import type { Page } from '@referrals/domain/api';
import {
  EstablishmentFullPageSchema,
  type Establishment,
} from '@referrals/domain/establishments/establishment-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET establishments/?accepts_join_requests=true&keyword=: approved establishments a user may ask to
 * join; a hospital lists only its verified departments accepting join requests (spec section 6 Rules).
 */
export function searchJoinableEstablishments(
  keyword: string,
  signal?: AbortSignal,
): Promise<Page<Establishment>> {
  return apiClient('/api/establishments/', {
    query: { accepts_join_requests: true, keyword: keyword.trim() },
    schema: EstablishmentFullPageSchema,
    signal,
  });
}

export function joinableEstablishmentsQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['establishments', 'joinable', keyword.trim()],
    queryFn: ({ signal }) => searchJoinableEstablishments(keyword, signal),
    enabled: keyword.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useJoinableEstablishments(keyword: string) {
  return useQuery(joinableEstablishmentsQueryOptions(keyword));
}
