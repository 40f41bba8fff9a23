import { isPermanentReferralDelete } from '@referrals/domain/referrals/referral-lifecycle';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { ReferralCall } from '../referral-call.ts';
import { lifecycleInputOf, referralDetail } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction } from './referral-action-run.ts';

/**
 * GET referrals/{id}/delete/ and DELETE referrals/{id}/: into the caller's side's Deleted Items; the other
 * side keeps it (referral-lifecycle.md delete). Deleting it again is a no-op answered 200, except for a
 * draft already in the sender's trash: that delete sets is_deleted and the referral is gone for everyone
 * (the visible_patients triggers follow is_deleted).
 */
export async function deleteReferral(db: Database, call: ReferralCall): Promise<Referral> {
  const result = await runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('delete', referral, side);
    const column = side === 'sender' ? 'sender_deleted' : 'receiver_deleted';
    const permanent = side !== 'shared' && isPermanentReferralDelete(lifecycleInputOf(referral, side), side);
    if (referral[column] && !permanent) return referralDetail(tx, call.caller, referral);
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'delete',
      changes: permanent ? { is_deleted: true } : { [column]: true },
      detail: { side, permanent },
    });
    return referralDetail(tx, call.caller, row);
  });
  return result as Referral;
}
