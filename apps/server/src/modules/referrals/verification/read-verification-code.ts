import { eq } from 'drizzle-orm';
import type { VerificationCode } from '@referrals/domain/referrals/verification-code';
import type { Database } from '../../../db/database.ts';
import { referralVerificationCodes } from '../../../db/schema/referrals.ts';
import type { ReferralCall } from '../referral-call.ts';
import { codeShownAt, inCodeOfReferral, newCodeSecret } from './verification-codes.ts';

/**
 * GET referrals/{id}/verification-code/: the code to show now and its seconds left. The first read of a
 * submitted referral makes its secret (a referral gets a code when someone first asks for it); two reads
 * racing make one, and both show its code.
 */
export function readVerificationCode(
  db: Database,
  options: ReferralCall & { now?: Date },
): Promise<VerificationCode> {
  const { now = new Date(), ...call } = options;
  return inCodeOfReferral(db, call, 'referral.verification-code.read', async (tx, referral) => {
    await tx
      .insert(referralVerificationCodes)
      .values({
        referral_id: referral.id,
        secret: newCodeSecret(),
        issued_at: now,
        issued_by_id: call.caller.userId,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(referralVerificationCodes)
      .where(eq(referralVerificationCodes.referral_id, referral.id));
    if (!row) throw new Error('verification code secret missing after insert');
    return codeShownAt(row, now);
  });
}
