import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction } from './apply-referral-action.ts';

/**
 * POST referrals/{id}/convert/: the receiver side turns a request for advice and guidance into a referral
 * (docs/referrals.md Advice and guidance). It stays the same referral, so the question, the patient, the
 * forms and the attachments are kept as they are; its type becomes IN-APP (the lifecycle table's toType)
 * and it is triaged from here like any referral. The sender learns of it.
 */
export async function convertReferral(db: Database, call: ReferralCall): Promise<Referral> {
  return inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) => {
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'convert',
      changes: { sender_unread: true },
      detail: { from_type: referral.type },
    });
    return referralDetail(tx, call.caller, row);
  });
}
