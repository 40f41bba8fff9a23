import type { ReturnReferral } from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction, type ReferralDryRun } from './referral-action-run.ts';

/**
 * PUT or PATCH referrals/{id}/return/: the receiver side sends the referral back (RTRN) with a reason
 * and a message to the referrer (referral-lifecycle.md return; spec section 5 Server field errors, Return).
 */
export async function returnReferral(
  db: Database,
  options: ReferralCall & { body: ReturnReferral; validate?: boolean },
): Promise<Referral | ReferralDryRun> {
  const { body, ...call } = options;
  return runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('return', referral, side);
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'return',
      changes: {
        return_reason: body.return_reason,
        other_return_reason: body.other_return_reason,
        receiver_message: body.receiver_message,
        sender_unread: true,
      },
      detail: { ...body },
    });
    return referralDetail(tx, call.caller, row);
  });
}
