import type { RecallReferral } from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction, type ReferralDryRun } from './referral-action-run.ts';

/**
 * PUT or PATCH referrals/{id}/recall/: the sender side takes a sent referral back as a draft (DRFT,
 * is_recalled; submitting it again gives UPDT). submitted_at stays set, which is what keeps the receiver's
 * read-only sight of it (referral-visibility.ts: the receiver side sees what was submitted once).
 */
export async function recallReferral(
  db: Database,
  options: ReferralCall & { body: RecallReferral; validate?: boolean },
): Promise<Referral | ReferralDryRun> {
  const { body, ...call } = options;
  return runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('recall', referral, side);
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'recall',
      changes: {
        recall_reason: body.recall_reason,
        other_recall_reason: body.other_recall_reason,
        recall_message: body.recall_message,
        is_recalled: true,
        receiver_unread: true,
      },
      detail: { ...body },
    });
    return referralDetail(tx, call.caller, row);
  });
}
