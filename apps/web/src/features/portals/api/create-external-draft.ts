import {
  ExternalDraftCreatedSchema,
  type ExternalDraftCreated,
  type ExternalReferralDraftWrite,
} from '@referrals/domain/portals/external-referral-schemas';
import { apiClient } from '@/lib/api-client';
import { draftsPath } from './draft-address';

/** POST public/establishments/{id}/referrals/: a new draft with what was typed, and its secret. */
export function createExternalDraft(
  establishmentId: string,
  body: ExternalReferralDraftWrite,
): Promise<ExternalDraftCreated> {
  return apiClient(draftsPath(establishmentId), {
    method: 'POST',
    body,
    schema: ExternalDraftCreatedSchema,
  });
}
