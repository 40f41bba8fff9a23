import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction } from './apply-referral-action.ts';
import { insertSuccessorReferral } from './successor-referral.ts';

/**
 * POST referrals/{id}/copy/ (referral-lifecycle.md copy): a new draft to the same receiver with the same
 * forms and messages but no patient, a starting point for another patient. No attachment travels, nor do
 * the form file fields that list them: the files are the first patient's (letters, results, images).
 * Returns the new draft.
 */
export async function copyReferral(db: Database, call: ReferralCall): Promise<Referral> {
  return inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) => {
    await applyReferralAction(tx, { call, referral, side, action: 'copy' });
    const created = await insertSuccessorReferral(tx, {
      call,
      source: referral,
      action: 'copy',
      fromEstablishmentId: referral.from_establishment_id ?? '',
      changes: { status: 'DRFT', patient_id: null },
    });
    return referralDetail(tx, call.caller, created);
  });
}
