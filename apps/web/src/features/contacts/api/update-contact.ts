import {
  DoctorEntrySchema,
  type DoctorEntry,
  type DoctorWrite,
} from '@referrals/domain/directory/doctor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactQueryOptions } from './get-contact';
import { contactsKey, directoryPath } from './list-contacts';

/** PUT directory/{est}/doctors/{id}/: change a contact. */
export function updateContact(
  establishmentId: string,
  id: string,
  contact: DoctorWrite,
): Promise<DoctorEntry> {
  return apiClient(`${directoryPath(establishmentId)}${encodeURIComponent(id)}/`, {
    method: 'PUT',
    body: contact,
    schema: DoctorEntrySchema,
  });
}

export function useUpdateContact(establishmentId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: DoctorWrite) => updateContact(establishmentId, id, contact),
    onSuccess: async (saved) => {
      queryClient.setQueryData(contactQueryOptions(establishmentId, id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: [...contactsKey(establishmentId), 'list'] });
    },
  });
}
