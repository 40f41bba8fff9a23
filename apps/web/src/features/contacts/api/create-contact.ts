import {
  DoctorEntrySchema,
  type DoctorEntry,
  type DoctorWrite,
} from '@referrals/domain/directory/doctor-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactsKey, directoryPath } from './list-contacts';

/** POST directory/{est}/doctors/: a new Other HCP in the current establishment's directory. */
export function createContact(establishmentId: string, contact: DoctorWrite): Promise<DoctorEntry> {
  return apiClient(directoryPath(establishmentId), {
    method: 'POST',
    body: contact,
    schema: DoctorEntrySchema,
  });
}

export function useCreateContact(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: DoctorWrite) => createContact(establishmentId, contact),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKey(establishmentId) }),
  });
}
