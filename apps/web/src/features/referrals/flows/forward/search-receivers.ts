import type { Page } from '@referrals/domain/api';
import {
  EstablishmentFullPageSchema,
  type Establishment,
} from '@referrals/domain/establishments/establishment-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET establishments/?keyword=&include_doctors=true: approved establishments matching what is typed, each
 * with its verified doctors, the named specialists a forward may choose (referral-lifecycle.md forward).
 */
function searchReceivers(keyword: string, signal?: AbortSignal): Promise<Page<Establishment>> {
  return apiClient('/api/establishments/', {
    query: { keyword, include_doctors: true },
    schema: EstablishmentFullPageSchema,
    signal,
  });
}

export function useReceiverSearch(keyword: string) {
  return useQuery(
    queryOptions({
      queryKey: ['establishments', 'forward-receivers', keyword],
      queryFn: ({ signal }) => searchReceivers(keyword, signal),
      enabled: keyword.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
}
