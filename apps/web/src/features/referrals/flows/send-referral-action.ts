import { ReferralSchema, type Referral } from '@referrals/domain/referrals/referral-schemas';
import { apiClient } from '@/lib/api-client';

/** The committing calls of the flows, under referrals/{id}/ (docs/referrals.md). */
export type ReferralActionCall = {
  path: 'accept' | 'schedule' | 'schedule/manual' | 'reschedule' | 'return' | 'recall' | 'forward' | 'renew';
  method: 'PUT' | 'POST';
  body: unknown;
};

/**
 * A referral action with `?validate=true`: every check of the commit runs and nothing changes, so a 400 or
 * 409 comes before anything is written (spec section 4: validate with a dry run, then commit).
 */
export async function dryRunReferralAction(id: string, call: ReferralActionCall): Promise<void> {
  await apiClient(`/api/referrals/${encodeURIComponent(id)}/${call.path}/`, {
    method: call.method,
    body: call.body,
    query: { validate: 'true' },
  });
}

/** The action committed; answers the referral as it now stands. */
export function commitReferralAction(id: string, call: ReferralActionCall): Promise<Referral> {
  return apiClient(`/api/referrals/${encodeURIComponent(id)}/${call.path}/`, {
    method: call.method,
    body: call.body,
    schema: ReferralSchema,
  });
}
