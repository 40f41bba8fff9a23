import type { Page } from '@referrals/domain/api';
import { PatientPageSchema, type PatientSummary } from '@referrals/domain/patients/patient-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type PatientSearch = { keyword: string; page: number };

/**
 * GET patients/ (spec section 7 Patients): the current establishment's patients, 10 a page; every word of
 * the keyword must match a name, the Medicare number or an MRN.
 */
export function listPatients(search: PatientSearch, signal?: AbortSignal): Promise<Page<PatientSummary>> {
  const keyword = search.keyword.trim();
  return apiClient('/api/patients/', {
    query: { page: search.page, keyword: keyword === '' ? undefined : keyword },
    schema: PatientPageSchema,
    signal,
  });
}

/** Every patient query starts with this key, so a save refreshes the lists and the records alike. */
export const patientsKey = ['patients'] as const;

/** Keyed by the establishment too: another establishment has other patients. */
export function patientListQueryOptions(establishmentId: string, search: PatientSearch) {
  return queryOptions({
    queryKey: [...patientsKey, establishmentId, 'list', search],
    queryFn: ({ signal }) => listPatients(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePatientList(establishmentId: string, search: PatientSearch) {
  return useQuery(patientListQueryOptions(establishmentId, search));
}
