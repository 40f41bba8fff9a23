import {
  MrnListSchema,
  MrnSchema,
  type Mrn,
  type MrnWrite,
} from '@referrals/domain/patients/patient-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { patientsKey } from './list-patients';

const mrnPath = (patientId: string) => `/api/patients/${encodeURIComponent(patientId)}/mrn/`;

/**
 * GET patients/{id}/mrn/: the MRNs the current establishment holds for the patient. A 404 means none yet
 * and is silently an empty list, so the panel shows blank entries (spec section 8).
 */
export async function getPatientMrns(patientId: string, signal?: AbortSignal): Promise<Mrn[]> {
  try {
    return await apiClient(mrnPath(patientId), { schema: MrnListSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function patientMrnsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: [...patientsKey, 'detail', patientId, 'mrn'],
    queryFn: ({ signal }) => getPatientMrns(patientId, signal),
  });
}

export function usePatientMrns(patientId: string) {
  return useQuery(patientMrnsQueryOptions(patientId));
}

/** POST patients/{id}/mrn/ (add) or PUT patients/{id}/mrn/{mrnId}/ (edit); the number is required (section 5). */
export function savePatientMrn(patientId: string, mrnId: string | undefined, body: MrnWrite): Promise<Mrn> {
  return apiClient(
    mrnId === undefined ? mrnPath(patientId) : `${mrnPath(patientId)}${encodeURIComponent(mrnId)}/`,
    {
      method: mrnId === undefined ? 'POST' : 'PUT',
      body,
      schema: MrnSchema,
    },
  );
}

export function useSavePatientMrn(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mrnId, body }: { mrnId: string | undefined; body: MrnWrite }) =>
      savePatientMrn(patientId, mrnId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: patientMrnsQueryOptions(patientId).queryKey });
      // The record and the lists show the MRN too.
      await queryClient.invalidateQueries({ queryKey: patientsKey, refetchType: 'none' });
    },
  });
}
