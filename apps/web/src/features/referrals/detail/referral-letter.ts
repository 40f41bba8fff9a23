import { referralLetterPath } from '@referrals/domain/referrals/referral-paths';
import { apiClient } from '@/lib/api-client';

/** GET referrals/{id}/pdf/: the referral letter as the server renders it (spec section 7). */
export function getReferralLetter(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiClient<Blob>(referralLetterPath(id), { responseType: 'blob', signal });
}
