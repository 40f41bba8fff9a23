import {
  EstablishmentSchema,
  type Establishment,
  type EstablishmentWrite,
} from '@referrals/domain/establishments/establishment-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { establishmentQueryOptions } from './get-establishment';

/**
 * POST establishments/: the caller becomes its account holder; it waits for the platform's approval
 * before anyone can find or join it (spec sections 6 and 7).
 */
export function createEstablishment(body: EstablishmentWrite): Promise<Establishment> {
  return apiClient('/api/establishments/', { method: 'POST', body, schema: EstablishmentSchema });
}

export function useCreateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstablishment,
    onSuccess: async (created) => {
      queryClient.setQueryData(establishmentQueryOptions(created.id).queryKey, created);
      // The new account-holder employment is on the profile; a new department is on its hospital.
      await Promise.all([
        queryClient.invalidateQueries(profileQueryOptions()),
        created.hospital && queryClient.invalidateQueries(establishmentQueryOptions(created.hospital.id)),
      ]);
    },
  });
}
