import type { ShareReferralInput } from '@referrals/domain/referrals/referral-action-schemas';
import { ReferralSchema, type Referral } from '@referrals/domain/referrals/referral-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { referralsKey } from '../api/get-referral';

/**
 * The actions the referral page performs itself (referral-lifecycle.md): each is a POST on
 * referrals/{id}/{action}/ (a POST where the spec lists a GET, api-conventions.md) answering a referral;
 * clone and copy answer the new draft; convert answers the request for advice become a referral.
 */
export type PageAction = 'archive' | 'unarchive' | 'delete' | 'clone' | 'copy' | 'convert';

export function postReferralAction(id: string, action: PageAction | 'view'): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/${action}/`, {
    method: 'POST',
    schema: ReferralSchema,
  });
}

export function shareReferral(id: string, body: ShareReferralInput): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/share/`, {
    method: 'POST',
    body,
    schema: ReferralSchema,
  });
}

/** Runs one action; every referral query is refreshed after, so lists and counters follow. */
export function useReferralAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PageAction) => postReferralAction(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}

export function useShareReferral(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareReferralInput) => shareReferral(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}
