import { referralLetterPath, referralMessagePath } from '@referrals/domain/referrals/referral-paths';
import { apiClient } from '@/lib/api-client';

/** GET referrals/{id}/pdf/: the referral letter as the server renders it (spec section 7). */
export function getReferralLetter(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiClient<Blob>(referralLetterPath(id), { responseType: 'blob', signal });
}

/** GET referrals/{id}/hl7/: the referral as an HL7 v2 REF^I12 with the letter embedded (docs/interop.md). */
export function getReferralMessage(id: string): Promise<Blob> {
  return apiClient<Blob>(referralMessagePath(id), { responseType: 'blob' });
}
