import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction } from './referral-action-run.ts';

/**
 * GET referrals/{id}/archive/: archived for the caller's side only; the other side's lists do not change
 * (referral-lifecycle.md archive). Archiving an archived referral is a no-op answered 200, with no
 * history row: a second click is not an error.
 */
export async function archiveReferral(db: Database, call: ReferralCall): Promise<Referral> {
  const result = await runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('archive', referral, side);
    const column = side === 'sender' ? 'sender_archived' : 'receiver_archived';
    if (referral[column]) return referralDetail(tx, call.caller, referral);
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'archive',
      changes: { [column]: true },
      detail: { side },
    });
    return referralDetail(tx, call.caller, row);
  });
  return result as Referral;
}
