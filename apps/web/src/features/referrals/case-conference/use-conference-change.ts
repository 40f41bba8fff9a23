import type { CaseConference } from '@referrals/domain/case-conferences/case-conference-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralsKey } from '@/lib/referrals-key';
import { caseConferenceKey } from './case-conference-calls';

/**
 * A change to the referral's conference: its answer is the conference as it now is, shown at once; the
 * thread, the lists and the counters are read again, since an invitation or a close adds to them.
 */
export function useConferenceChange<T>(referralId: string, change: (input: T) => Promise<CaseConference>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (conference) => {
      queryClient.setQueryData(caseConferenceKey(referralId), conference);
      await queryClient.invalidateQueries({ queryKey: referralsKey });
    },
  });
}
