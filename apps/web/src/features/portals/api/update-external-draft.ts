import {
  ExternalReferralDraftSchema,
  type ExternalReferralDraft,
  type ExternalReferralDraftWrite,
} from '@referrals/domain/portals/external-referral-schemas';
import { apiClient } from '@/lib/api-client';
import { draftHeaders, draftPath, type DraftSession } from './draft-address';

/** PATCH public/establishments/{id}/referrals/{ref}/: what the sender typed since the last save. */
export function updateExternalDraft(
  session: DraftSession,
  body: ExternalReferralDraftWrite,
): Promise<ExternalReferralDraft> {
  return apiClient(draftPath(session), {
    method: 'PATCH',
    body,
    headers: draftHeaders(session),
    schema: ExternalReferralDraftSchema,
  });
}
