import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { establishmentQueryOptions } from './get-establishment';

/** DELETE establishments/{id}/: only when can_delete; 409 with the reason while anything refers to it. */
export async function deleteEstablishment(id: string): Promise<void> {
  await apiClient(`/api/establishments/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteEstablishment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEstablishment(id),
    onSuccess: async () => {
      queryClient.removeQueries(establishmentQueryOptions(id));
      await queryClient.invalidateQueries(profileQueryOptions());
    },
  });
}
