import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { referralsKey } from '../api/get-referral';
import { postReferralAction } from './referral-actions';

/**
 * Opening the referral tells the server (POST referrals/{id}/view/): the receiver side's first open of a
 * submitted or updated one moves it to Under review (the lifecycle's `view`, offered in allowed_actions),
 * and any open clears the side's unread mark. Sent once per referral id, not on every refetch.
 */
export function useMarkViewed(referral: Referral | undefined) {
  const queryClient = useQueryClient();
  const sentFor = useRef<string | null>(null);
  const due = referral !== undefined && (referral.allowed_actions.includes('view') || referral.unread);
  const id = referral?.id;
  useEffect(() => {
    if (!due || id === undefined || sentFor.current === id) return;
    sentFor.current = id;
    postReferralAction(id, 'view')
      .then(() => queryClient.invalidateQueries({ queryKey: referralsKey }))
      // Only the badge and the status lag behind; the page itself is already shown.
      .catch((error: unknown) => console.warn('Could not mark the referral viewed', error));
  }, [due, id, queryClient]);
}
