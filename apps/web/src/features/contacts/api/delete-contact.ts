import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactQueryOptions } from './get-contact';
import { contactsKey, directoryPath } from './list-contacts';

/** DELETE directory/{est}/doctors/{id}/: remove a contact (204). */
export async function deleteContact(establishmentId: string, id: string): Promise<void> {
  await apiClient(`${directoryPath(establishmentId)}${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteContact(establishmentId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteContact(establishmentId, id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: contactQueryOptions(establishmentId, id).queryKey });
      await queryClient.invalidateQueries({ queryKey: [...contactsKey(establishmentId), 'list'] });
    },
  });
}
