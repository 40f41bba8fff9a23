import {
  PatientSchema,
  type Patient,
  type PatientWriteInput,
} from '@referrals/domain/patients/patient-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { patientQueryOptions } from './get-patient';
import { patientsKey } from './list-patients';

/** POST patients/ (spec section 7 Patients): 201 with the new patient. */
export function createPatient(body: PatientWriteInput): Promise<Patient> {
  return apiClient('/api/patients/', { method: 'POST', body, schema: PatientSchema });
}

/** PUT patients/{id}/: the whole record as the form holds it, with the version read (409 when stale). */
export function updatePatient(id: string, body: PatientWriteInput): Promise<Patient> {
  return apiClient(`/api/patients/${encodeURIComponent(id)}/`, {
    method: 'PUT',
    body,
    schema: PatientSchema,
  });
}

/** Creates (no id) or updates a patient, then puts it in the cache and has the lists read again. */
export function useSavePatient(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientWriteInput) =>
      id === undefined ? createPatient(body) : updatePatient(id, body),
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueryOptions(patient.id).queryKey, patient);
      await queryClient.invalidateQueries({ queryKey: patientsKey, refetchType: 'none' });
    },
  });
}
