import { EmploymentSchema, type Employment } from '@referrals/domain/profile/profile-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';

/**
 * POST profile/employments/: ask to join an establishment. The dry run (?validate=true) runs every check
 * first and creates nothing, so a refusal never leaves half a request behind (spec section 7).
 */
export async function joinEstablishment(establishmentId: string): Promise<Employment> {
  const body = { establishment_id: establishmentId };
  await apiClient('/api/profile/employments/', { method: 'POST', body, query: { validate: true } });
  return apiClient('/api/profile/employments/', { method: 'POST', body, schema: EmploymentSchema });
}

export function useJoinEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinEstablishment,
    onSuccess: () => queryClient.invalidateQueries(profileQueryOptions()),
  });
}
