import type { Page } from '@referrals/domain/api';
import { ProviderPageSchema, type Provider } from '@referrals/domain/directory/doctor-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET providers/?keyword=: the platform users who may be a patient's doctor, found by the start of their
 * names. No role filter: the Providers list's roles (GP, GPP, SP, SPT) are the ones a patient's doctor may
 * have (PATIENT_DOCTOR_ROLES), and the first page of 10 is enough to pick from while typing.
 */
export function searchDoctors(keyword: string, signal?: AbortSignal): Promise<Page<Provider>> {
  return apiClient('/api/providers/', { query: { keyword }, schema: ProviderPageSchema, signal });
}

export function doctorSearchQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['providers', 'doctor-search', keyword],
    queryFn: ({ signal }) => searchDoctors(keyword, signal),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  });
}

export function useDoctorSearch(keyword: string) {
  return useQuery(doctorSearchQueryOptions(keyword));
}
