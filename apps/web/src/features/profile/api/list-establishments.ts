import {
  EstablishmentPageSchema,
  type EstablishmentSummary,
} from '@referrals/domain/establishments/establishment-schemas';
import type { Page } from '@referrals/domain/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type EstablishmentSearch = { keyword: string; page: number };

/** GET establishments/: approved establishments, 10 a page, filtered by keyword (spec section 7). */
export function listEstablishments(
  { keyword, page }: EstablishmentSearch,
  signal?: AbortSignal,
): Promise<Page<EstablishmentSummary>> {
  return apiClient('/api/establishments/', {
    query: { keyword: keyword.trim() === '' ? undefined : keyword.trim(), page },
    schema: EstablishmentPageSchema,
    signal,
  });
}

export function establishmentsQueryOptions(search: EstablishmentSearch) {
  return queryOptions({
    queryKey: ['establishments', 'list', search],
    queryFn: ({ signal }) => listEstablishments(search, signal),
    // The previous page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useEstablishments(search: EstablishmentSearch) {
  return useQuery(establishmentsQueryOptions(search));
}
