import {
  ExternalCodeSentSchema,
  type ExternalCodeSent,
} from '@referrals/domain/portals/external-referral-schemas';
import { apiClient } from '@/lib/api-client';
import { draftHeaders, draftPath, type DraftSession } from './draft-address';

/**
 * GET …/verification-code/: emails a 6-digit code to the sender's address. Within the minute of the last
 * one it answers 429 with Retry-After (section 9: the code changes every 60 s); without a usable address,
 * a 400 on sender.email.
 */
export function sendVerificationCode(session: DraftSession): Promise<ExternalCodeSent> {
  return apiClient(draftPath(session, 'verification-code/'), {
    headers: draftHeaders(session),
    schema: ExternalCodeSentSchema,
  });
}
