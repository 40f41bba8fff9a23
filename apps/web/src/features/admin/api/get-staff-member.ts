import { StaffMemberSchema, type StaffMember } from '@referrals/domain/people/employment-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET admin/users/{id}/: one member of the current establishment's staff; another's answers 404. */
export function getStaffMember(id: string, signal?: AbortSignal): Promise<StaffMember> {
  return apiClient(`/api/admin/users/${encodeURIComponent(id)}/`, { schema: StaffMemberSchema, signal });
}

export function staffMemberQueryOptions(establishmentId: string, id: string) {
  return queryOptions({
    queryKey: ['admin', 'users', establishmentId, 'member', id],
    queryFn: ({ signal }) => getStaffMember(id, signal),
  });
}

export function useStaffMember(establishmentId: string, id: string) {
  return useQuery(staffMemberQueryOptions(establishmentId, id));
}
