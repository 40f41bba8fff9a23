import {
  ExternalReferralSubmittedSchema,
  type ExternalReferralSubmit,
  type ExternalReferralSubmitted,
} from '@referrals/domain/portals/external-referral-schemas';
import { apiClient } from '@/lib/api-client';
import { draftHeaders, draftPath, type DraftSession } from './draft-address';

/**
 * POST …/submit/ with the emailed code and the captcha's solution. The server makes one referral per
 * draft: sending the same request again (a retry after a timeout) answers the same referral.
 */
export function submitExternalReferral(
  session: DraftSession,
  body: ExternalReferralSubmit,
): Promise<ExternalReferralSubmitted> {
  return apiClient(draftPath(session, 'submit/'), {
    method: 'POST',
    body,
    headers: draftHeaders(session),
    schema: ExternalReferralSubmittedSchema,
  });
}
