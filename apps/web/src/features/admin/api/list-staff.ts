import type { Page } from '@referrals/domain/api';
import {
  StaffPageSchema,
  type StaffListQuery,
  type StaffMember,
} from '@referrals/domain/people/employment-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type StaffSearch = Pick<StaffListQuery, 'list' | 'page'> & { keyword: string };

/**
 * GET admin/users/: the staff of the caller's current establishment, 10 a page; `all` the active ones,
 * `removed` the closed ones (spec section 2 admin/users/all|removed).
 */
export function listStaff(search: StaffSearch, signal?: AbortSignal): Promise<Page<StaffMember>> {
  return apiClient('/api/admin/users/', {
    query: {
      list: search.list,
      page: search.page,
      keyword: search.keyword.trim() === '' ? undefined : search.keyword.trim(),
    },
    schema: StaffPageSchema,
    signal,
  });
}

/** The key every staff list of an establishment starts with, for invalidating them all after a change. */
export function staffListsKey(establishmentId: string) {
  return ['admin', 'users', establishmentId, 'list'] as const;
}

/** Keyed by the establishment too: switching establishment shows another staff. */
export function staffListQueryOptions(establishmentId: string, search: StaffSearch) {
  return queryOptions({
    queryKey: [...staffListsKey(establishmentId), search],
    queryFn: ({ signal }) => listStaff(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffList(establishmentId: string, search: StaffSearch) {
  return useQuery(staffListQueryOptions(establishmentId, search));
}
