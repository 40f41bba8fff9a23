import { PatientSchema, type Patient } from '@referrals/domain/patients/patient-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { patientsKey } from './list-patients';

/** GET patients/{id}/: one patient; a missing one, or another establishment's, answers 404 (patientStatus 404). */
export function getPatient(id: string, signal?: AbortSignal): Promise<Patient> {
  return apiClient(`/api/patients/${encodeURIComponent(id)}/`, { schema: PatientSchema, signal });
}

export function patientQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...patientsKey, 'detail', id],
    queryFn: ({ signal }) => getPatient(id, signal),
  });
}

export function usePatient(id: string) {
  return useQuery(patientQueryOptions(id));
}
