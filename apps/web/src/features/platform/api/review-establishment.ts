import type { ApprovalAction } from '@referrals/domain/establishments/establishment-approval';
import {
  WaitingEstablishmentSchema,
  type WaitingEstablishment,
} from '@referrals/domain/establishments/establishment-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { WAITING_ESTABLISHMENTS_KEY } from './list-waiting-establishments';

/** POST platform/establishments/{id}/approve/ or .../verify/: a platform administrator's decision. */
export function reviewEstablishment(id: string, action: ApprovalAction): Promise<WaitingEstablishment> {
  return apiClient(`/api/platform/establishments/${encodeURIComponent(id)}/${action}/`, {
    method: 'POST',
    schema: WaitingEstablishmentSchema,
  });
}

export function useReviewEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ApprovalAction }) => reviewEstablishment(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WAITING_ESTABLISHMENTS_KEY }),
  });
}
