import {
  ReferralSchema,
  type Referral,
  type ReferralCreate,
  type ReferralWrite,
} from '@referrals/domain/referrals/referral-schemas';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getReferral } from '../api/get-referral';

/** POST referrals/: the draft, made when the sender leaves the receiver step (spec section 4). */
export function createDraft(body: ReferralCreate): Promise<Referral> {
  return apiClient('/api/referrals/', { method: 'POST', body, schema: ReferralSchema });
}

function patchDraft(id: string, body: ReferralWrite): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/`, {
    method: 'PATCH',
    body,
    schema: ReferralSchema,
  });
}

/**
 * PATCH referrals/{id}/ with the version last read (the server requires it). The wizard's own form saves
 * move the version too, so a 409 reads the current version and saves again: the values on the screen
 * are the newest the sender has.
 */
export async function saveDraft(id: string, body: ReferralWrite, version: number): Promise<Referral> {
  try {
    return await patchDraft(id, { ...body, version });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const current = await getReferral(id);
    return patchDraft(id, { ...body, version: current.version });
  }
}

/** POST referrals/{id}/submit/ (a POST where the spec lists GET: api-conventions.md). */
export function submitDraft(id: string): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/submit/`, {
    method: 'POST',
    schema: ReferralSchema,
  });
}
