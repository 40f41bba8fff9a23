import type { Page } from '@referrals/domain/api';
import { DoctorEntryPageSchema, type DoctorEntry } from '@referrals/domain/directory/doctor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type ContactSearch = { keyword: string; page: number };

/** The directory of an establishment, where its Other HCPs live (section 7: directory/{est}/doctors/). */
export const directoryPath = (establishmentId: string) =>
  `/api/directory/${encodeURIComponent(establishmentId)}/doctors/`;

/** GET directory/{est}/doctors/?role=HCP: the current establishment's Other HCPs, 10 a page. */
export function listContacts(
  establishmentId: string,
  search: ContactSearch,
  signal?: AbortSignal,
): Promise<Page<DoctorEntry>> {
  const keyword = search.keyword.trim();
  return apiClient(directoryPath(establishmentId), {
    query: { role: 'HCP', page: search.page, keyword: keyword === '' ? undefined : keyword },
    schema: DoctorEntryPageSchema,
    signal,
  });
}

/** The key every contact query of an establishment starts with, for invalidating them after a change. */
export function contactsKey(establishmentId: string) {
  return ['contacts', establishmentId] as const;
}

export function contactListQueryOptions(establishmentId: string, search: ContactSearch) {
  return queryOptions({
    queryKey: [...contactsKey(establishmentId), 'list', search],
    queryFn: ({ signal }) => listContacts(establishmentId, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContactList(establishmentId: string, search: ContactSearch) {
  return useQuery(contactListQueryOptions(establishmentId, search));
}
