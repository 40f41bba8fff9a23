import { ExternalAccessDetailSchema } from '@referrals/domain/external-access/external-access-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST referrals/{id}/patient-link/: the patient's own link, mailed to the address on their record. */
export function useSendPatientLink(id: string) {
  return useMutation({
    mutationFn: () =>
      apiClient(`/api/referrals/${encodeURIComponent(id)}/patient-link/`, {
        method: 'POST',
        schema: ExternalAccessDetailSchema,
      }),
  });
}
