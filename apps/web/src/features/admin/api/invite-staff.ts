import {
  StaffMemberSchema,
  type EmploymentInvite,
  type StaffMember,
} from '@referrals/domain/people/employment-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { staffListsKey } from './list-staff';

/**
 * POST establishments/{id}/invitations/: invite someone by email; the server makes the account when the
 * address is new and emails a link to /review-invite/{employment id}.
 */
export function inviteStaff(establishmentId: string, invite: EmploymentInvite): Promise<StaffMember> {
  return apiClient(`/api/establishments/${encodeURIComponent(establishmentId)}/invitations/`, {
    method: 'POST',
    body: invite,
    schema: StaffMemberSchema,
  });
}

export function useInviteStaff(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: EmploymentInvite) => inviteStaff(establishmentId, invite),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffListsKey(establishmentId) }),
  });
}
