import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { profileQueryOptions } from '@/lib/auth/get-profile';
import { referralsKey } from '@/lib/referrals-key';
import { invitationQueryOptions } from './get-invitation';

export type InvitationAnswer = 'accept' | 'decline';

/**
 * POST profile/employments/{id}/accept/ or /decline/. An invitation past its date answers 409 and
 * becomes INVITE_EXPIRED.
 */
export function answerInvitation(employmentId: string, answer: InvitationAnswer): Promise<unknown> {
  return apiClient(`/api/profile/employments/${encodeURIComponent(employmentId)}/${answer}/`, {
    method: 'POST',
  });
}

export function useAnswerInvitation(employmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: InvitationAnswer) => answerInvitation(employmentId, answer),
    // Settled, not only success: a 409 means the invitation changed (expired), so it is read again too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries(invitationQueryOptions(employmentId)),
        queryClient.invalidateQueries(profileQueryOptions()),
        // Where the person works changed: every referral list and count is another now.
        queryClient.invalidateQueries({ queryKey: referralsKey }),
      ]),
  });
}
