import { eq } from 'drizzle-orm';
import { HOTP, Secret } from 'otpauth';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import {
  VERIFICATION_CODE_DIGITS,
  VERIFICATION_CODE_GRACE_PERIODS,
  VerificationCodeInputSchema,
  verificationCodeWindow,
  type VerificationCode,
} from '@referrals/domain/referrals/verification-code';
import type { Database, Queryable, Transaction } from '../../../db/database.ts';
import { referralVerificationCodes } from '../../../db/schema/referrals.ts';
import { conflict, permissionDenied } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import type { ReferralRow } from '../referral-queries.ts';

/*
 * The verification code is derived, never stored (docs/referrals.md, Verification code): HOTP (RFC 4226)
 * over the referral's secret, its counter the number of whole periods since the secret was issued. That
 * is TOTP with the clock started at issue, so a new code always gets its full 60 seconds. Codes are never
 * logged or audited.
 */

export const DRAFT_CODE_MESSAGE = 'A verification code is shown once the referral is submitted.';

type CodeSecret = typeof referralVerificationCodes.$inferSelect;

/** A fresh secret: 160 random bits, base32, as the MFA secrets are. */
export function newCodeSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function codeOf(secret: string, period: number): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA256',
    digits: VERIFICATION_CODE_DIGITS,
    counter: period,
  });
}

/** The code a secret shows at `now`, with its countdown. */
export function codeShownAt(row: CodeSecret, now: Date): VerificationCode {
  const window = verificationCodeWindow(row.issued_at, now);
  return {
    code: codeOf(row.secret, window.period),
    seconds_left: window.secondsLeft,
    expires_at: window.expiresAt.toISOString(),
  };
}

/**
 * Whether `code` is the referral's code now or in the grace period before (for the external referral
 * calls: "submitted_at and code"). False for a referral without a code, a code that is not six digits, or
 * any code issued before the latest "New code". The caller counts failed attempts: six digits are only a
 * secret behind a rate limit.
 */
export async function verifyReferralCode(
  q: Queryable,
  options: { referralId: string; code: string; now?: Date },
): Promise<boolean> {
  const typed = VerificationCodeInputSchema.safeParse(options.code);
  if (!typed.success) return false;
  const [row] = await q
    .select()
    .from(referralVerificationCodes)
    .where(eq(referralVerificationCodes.referral_id, options.referralId));
  if (!row) return false;
  const { period } = verificationCodeWindow(row.issued_at, options.now ?? new Date());
  const secret = Secret.fromBase32(row.secret);
  for (let back = 0; back <= VERIFICATION_CODE_GRACE_PERIODS && period - back >= 0; back += 1) {
    // validate compares in constant time.
    const match = HOTP.validate({
      token: typed.data,
      secret,
      algorithm: 'SHA256',
      digits: VERIFICATION_CODE_DIGITS,
      counter: period - back,
      window: 0,
    });
    if (match !== null) return true;
  }
  return false;
}

/**
 * Runs `work` on a referral whose code the caller may see or renew, writing the audit row `action`. The
 * code is the sender side's to show (it proves holding the sender's referral), so the receiver side and a
 * shared-with reader get 403, and anyone else the usual 404. A draft has no code yet (409).
 */
export function inCodeOfReferral<T>(
  db: Database,
  call: ReferralCall,
  action: 'referral.verification-code.read' | 'referral.verification-code.issue',
  work: (tx: Transaction, referral: ReferralRow) => Promise<T>,
): Promise<T> {
  return inVisibleReferral(db, call, async (tx, referral, side) => {
    if (side !== 'sender') throw permissionDenied();
    const status = referral.status as ReferralStatus;
    if (status === 'DRFT') {
      throw conflict(DRAFT_CODE_MESSAGE, { value: status, display: REFERRAL_STATUSES[status] });
    }
    await recordAudit(tx, call.actor, {
      action,
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    return work(tx, referral);
  });
}
