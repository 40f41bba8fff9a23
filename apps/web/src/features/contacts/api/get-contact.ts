import { DoctorEntrySchema, type DoctorEntry } from '@referrals/domain/directory/doctor-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactsKey, directoryPath } from './list-contacts';

/** GET directory/{est}/doctors/{id}/: one contact; another establishment's answers 404. */
export function getContact(establishmentId: string, id: string, signal?: AbortSignal): Promise<DoctorEntry> {
  return apiClient(`${directoryPath(establishmentId)}${encodeURIComponent(id)}/`, {
    schema: DoctorEntrySchema,
    signal,
  });
}

export function contactQueryOptions(establishmentId: string, id: string) {
  return queryOptions({
    queryKey: [...contactsKey(establishmentId), 'detail', id],
    queryFn: ({ signal }) => getContact(establishmentId, id, signal),
  });
}

export function useContact(establishmentId: string, id: string) {
  return useQuery(contactQueryOptions(establishmentId, id));
}
