import {
  ExternalReferralDraftSchema,
  type ExternalReferralDraft,
} from '@referrals/domain/portals/external-referral-schemas';
import { apiClient } from '@/lib/api-client';
import { draftHeaders, draftPath, type DraftSession } from './draft-address';

/**
 * GET public/establishments/{id}/referrals/{ref}/: the draft this tab was writing, read once when the page
 * opens again (a reload); not a query, since the form owns the values from then on.
 */
export function getExternalDraft(
  session: DraftSession,
  signal?: AbortSignal,
): Promise<ExternalReferralDraft> {
  return apiClient(draftPath(session), {
    headers: draftHeaders(session),
    schema: ExternalReferralDraftSchema,
    signal,
  });
}
