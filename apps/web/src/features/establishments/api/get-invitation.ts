import {
  EmploymentInvitationSchema,
  type EmploymentInvitation,
} from '@referrals/domain/people/employment-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET profile/employments/{id}/: one of the user's own employments, as an invitation to review. */
export function getInvitation(employmentId: string, signal?: AbortSignal): Promise<EmploymentInvitation> {
  return apiClient(`/api/profile/employments/${encodeURIComponent(employmentId)}/`, {
    schema: EmploymentInvitationSchema,
    signal,
  });
}

export function invitationQueryOptions(employmentId: string) {
  return queryOptions({
    queryKey: ['profile', 'employments', employmentId],
    queryFn: ({ signal }) => getInvitation(employmentId, signal),
  });
}

export function useInvitation(employmentId: string) {
  return useQuery(invitationQueryOptions(employmentId));
}
