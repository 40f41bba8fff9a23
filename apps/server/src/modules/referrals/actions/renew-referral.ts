import { renewalDurationMonths } from '@referrals/domain/constants';
import type { RenewReferral } from '@referrals/domain/referrals/referral-action-schemas';
import { referralExpiresAt } from '@referrals/domain/referrals/referral-conditions';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction } from './apply-referral-action.ts';
import type { ReferralDryRun } from './referral-action-run.ts';
import { insertSuccessorReferral, runSuccessorAction } from './successor-referral.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * PUT referrals/{id}/renew/ (referral-lifecycle.md renew): the sender renews an accepted, waitlisted or
 * scheduled referral. A new referral goes to the same receiver, submitted, with is_renew_referral and a
 * link to the original, valid for the renewal duration (3 months from a specialist, else 12, unless
 * given), with copies of the referrer and supplementary attachments so that it stands on its own once the
 * original is archived (none of the receiver's); the original is marked renewed and cannot be renewed
 * again. Returns the new referral, or with `validate` the dry run's answer, the copied files removed again
 * (spec section 4: renew first validates, then commits).
 */
export async function renewReferral(
  db: Database,
  call: ReferralCall & { body: RenewReferral; validate?: boolean; storage: FileStorage },
): Promise<Referral | ReferralDryRun> {
  return runSuccessorAction(db, call, async (tx, referral, side, copy) => {
    const months = call.body.renewal_duration ?? renewalDurationMonths(call.caller.role);
    const renewal = { renewal_reason: call.body.renewal_reason, renewal_duration: months };
    await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'renew',
      changes: { ...renewal, is_renewed: true },
      detail: renewal,
    });
    const now = new Date();
    const created = await insertSuccessorReferral(tx, {
      call,
      source: referral,
      action: 'renew',
      fromEstablishmentId: referral.from_establishment_id ?? '',
      changes: {
        ...renewal,
        status: 'SBMT',
        duration: months,
        is_renew_referral: true,
        renewed_from_referral_id: referral.id,
        submitted_at: now,
        expires_at: referralExpiresAt(now, months),
      },
      attachments: { kinds: ['referrer', 'supplementary'], copy },
    });
    return referralDetail(tx, call.caller, created);
  });
}
