import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { lifecycleInputOf, referralDetail } from '../referral-queries.ts';
import { applyReferralAction } from './apply-referral-action.ts';
import { referralStatusAfter } from '@referrals/domain/referrals/referral-lifecycle';

/**
 * GET referrals/{id}/view/: the receiver side opens the referral. The first open moves SBMT or UPDT to VWD
 * (Under review) and the sender learns it was viewed; later opens, and opens by others, only mark it read
 * for the caller's side and are audited as reads.
 */
export async function viewReferral(db: Database, call: ReferralCall): Promise<Referral> {
  return inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) => {
    if (side === 'receiver' && referralStatusAfter('view', lifecycleInputOf(referral, side), side) !== null) {
      const row = await applyReferralAction(tx, {
        call,
        referral,
        side,
        action: 'view',
        changes: { receiver_unread: false, sender_unread: true },
      });
      return referralDetail(tx, call.caller, row);
    }
    const unread =
      side === 'receiver' ? { receiver_unread: false } : side === 'sender' ? { sender_unread: false } : {};
    const [row] =
      Object.keys(unread).length > 0
        ? await tx.update(referrals).set(unread).where(eq(referrals.id, referral.id)).returning()
        : [referral];
    await recordAudit(tx, call.actor, {
      action: 'referral.read',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    return referralDetail(tx, call.caller, row ?? referral);
  });
}
