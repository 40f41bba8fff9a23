import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction } from './referral-action-run.ts';

/**
 * GET referrals/{id}/unarchive/: back into the caller's side's lists, from Archive or from Deleted Items
 * (referral-lifecycle.md: restoring is unarchive-like). A referral in neither is a no-op answered 200.
 */
export async function unarchiveReferral(db: Database, call: ReferralCall): Promise<Referral> {
  const result = await runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('unarchive', referral, side);
    const [archived, deleted] =
      side === 'sender'
        ? (['sender_archived', 'sender_deleted'] as const)
        : (['receiver_archived', 'receiver_deleted'] as const);
    if (!referral[archived] && !referral[deleted]) return referralDetail(tx, call.caller, referral);
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'unarchive',
      changes: { [archived]: false, [deleted]: false },
      detail: { side, restored_from: referral[deleted] ? 'deleted' : 'archive' },
    });
    return referralDetail(tx, call.caller, row);
  });
  return result as Referral;
}
