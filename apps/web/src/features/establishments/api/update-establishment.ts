import {
  EstablishmentSchema,
  type Establishment,
  type EstablishmentWrite,
} from '@referrals/domain/establishments/establishment-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { establishmentQueryOptions } from './get-establishment';

/** PUT establishments/{id}/: the whole writable part; only when can_edit (spec section 6 Rules). */
export function updateEstablishment(id: string, body: EstablishmentWrite): Promise<Establishment> {
  return apiClient(`/api/establishments/${encodeURIComponent(id)}/`, {
    method: 'PUT',
    body,
    schema: EstablishmentSchema,
  });
}

export function useUpdateEstablishment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EstablishmentWrite) => updateEstablishment(id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(establishmentQueryOptions(id).queryKey, saved);
      // The name shows in the selector and Settings, which read the profile.
      await queryClient.invalidateQueries(profileQueryOptions());
    },
  });
}
