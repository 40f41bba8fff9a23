import { ProfileSchema, type Employment, type Profile } from '@referrals/domain/profile/profile-schemas';
import type { EmploymentUpdate } from '@referrals/domain/people/employment-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';

/** PUT profile/employments/{id}/ with priority 1: make the establishment primary; answers the profile. */
export function makePrimary(employment: Pick<Employment, 'id'>): Promise<Profile> {
  const body: EmploymentUpdate = { priority: 1 };
  return apiClient(`/api/profile/employments/${encodeURIComponent(employment.id)}/`, {
    method: 'PUT',
    body,
    schema: ProfileSchema,
  });
}

export function useMakePrimary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makePrimary,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
