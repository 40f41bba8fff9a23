import type { VerificationCode } from '@referrals/domain/referrals/verification-code';
import type { Database } from '../../../db/database.ts';
import { referralVerificationCodes } from '../../../db/schema/referrals.ts';
import type { ReferralCall } from '../referral-call.ts';
import { codeShownAt, inCodeOfReferral, newCodeSecret } from './verification-codes.ts';

/**
 * POST referrals/{id}/verification-code/: a new code now, with a full period. The secret is replaced, so
 * every earlier code (a code read out to the wrong person) stops working at once.
 */
export function issueVerificationCode(
  db: Database,
  options: ReferralCall & { now?: Date },
): Promise<VerificationCode> {
  const { now = new Date(), ...call } = options;
  return inCodeOfReferral(db, call, 'referral.verification-code.issue', async (tx, referral) => {
    const fresh = { secret: newCodeSecret(), issued_at: now, issued_by_id: call.caller.userId };
    const [row] = await tx
      .insert(referralVerificationCodes)
      .values({ referral_id: referral.id, ...fresh })
      .onConflictDoUpdate({ target: referralVerificationCodes.referral_id, set: fresh })
      .returning();
    if (!row) throw new Error('verification code upsert returned nothing');
    return codeShownAt(row, now);
  });
}
