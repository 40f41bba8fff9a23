import type { Page } from '@referrals/domain/api';
import {
  ProviderPageSchema,
  type Provider,
  type ProviderListQuery,
} from '@referrals/domain/directory/doctor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type ProviderSearch = { keyword: string; page: number; role: ProviderListQuery['role'] };

/** GET providers/: the platform users who provide care, with where they practise, 10 a page. */
export function listProviders(search: ProviderSearch, signal?: AbortSignal): Promise<Page<Provider>> {
  const keyword = search.keyword.trim();
  return apiClient('/api/providers/', {
    query: { page: search.page, keyword: keyword === '' ? undefined : keyword, role: search.role },
    schema: ProviderPageSchema,
    signal,
  });
}

export function providerListQueryOptions(search: ProviderSearch) {
  return queryOptions({
    queryKey: ['providers', 'list', search],
    queryFn: ({ signal }) => listProviders(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviderList(search: ProviderSearch) {
  return useQuery(providerListQueryOptions(search));
}
