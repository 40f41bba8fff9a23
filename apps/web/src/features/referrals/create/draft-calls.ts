import {
  ReferralSchema,
  type Referral,
  type ReferralCreate,
  type ReferralWrite,
} from '@referrals/domain/referrals/referral-schemas';
import { apiClient } from '@/lib/api-client';

/** POST referrals/: the draft, made when the sender leaves the receiver step (spec section 4). */
export function createDraft(body: ReferralCreate): Promise<Referral> {
  return apiClient('/api/referrals/', { method: 'POST', body, schema: ReferralSchema });
}

/**
 * PATCH referrals/{id}/: saves what changed. No version is sent: the wizard is the draft's only writer
 * and saves one at a time, so an optimistic lock would only turn its own quick saves into 409s.
 */
export function saveDraft(id: string, body: ReferralWrite): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/`, {
    method: 'PATCH',
    body,
    schema: ReferralSchema,
  });
}

/** POST referrals/{id}/submit/ (a POST where the spec lists GET: api-conventions.md). */
export function submitDraft(id: string): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/submit/`, {
    method: 'POST',
    schema: ReferralSchema,
  });
}
