import {
  StaffMemberSchema,
  type StaffMember,
  type StaffUpdate,
} from '@referrals/domain/people/employment-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { staffListsKey } from './list-staff';
import { staffMemberQueryOptions } from './get-staff-member';

/** PATCH admin/users/{id}/: approve, reject or revoke, and the grants an account holder gives. */
export function updateStaffMember(id: string, update: StaffUpdate): Promise<StaffMember> {
  return apiClient(`/api/admin/users/${encodeURIComponent(id)}/`, {
    method: 'PATCH',
    body: update,
    schema: StaffMemberSchema,
  });
}

export function useUpdateStaffMember(establishmentId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: StaffUpdate) => updateStaffMember(id, update),
    onSuccess: async (member) => {
      queryClient.setQueryData(staffMemberQueryOptions(establishmentId, id).queryKey, member);
      // A status change moves the member between All and Removed; the lists are read again.
      await queryClient.invalidateQueries({ queryKey: staffListsKey(establishmentId) });
    },
  });
}
