import { z } from 'zod';

/**
 * The referral verification code (spec section 3 "verification code", 7 "Verification code: GET and
 * POST", 9 "Verification code refresh: every 60 s"). The sender side shows a short numeric code for a
 * submitted referral; someone outside the app types it with the referral (the external view's "submitted_at
 * and code") to prove they hold it. The code changes every period, counted from when it was issued, so
 * "New code" starts a fresh full minute.
 */

/** How long one code is shown before the next replaces it (section 9: every 60 s, countdown 60). */
export const VERIFICATION_CODE_PERIOD_SECONDS = 60;
/** Digits of a code: short enough to read out at a front desk. */
export const VERIFICATION_CODE_DIGITS = 6;
/**
 * Earlier periods whose code is still accepted: one, so a code read out just before it changed still
 * works while it is being typed (a code is good for at most two periods).
 */
export const VERIFICATION_CODE_GRACE_PERIODS = 1;

export const VERIFICATION_CODE_FORMAT_MESSAGE = `Enter the ${VERIFICATION_CODE_DIGITS}-digit code.`;

/** A code as typed: digits, spaces ignored (people read it out in groups). */
export const VerificationCodeInputSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${VERIFICATION_CODE_DIGITS}}$`), VERIFICATION_CODE_FORMAT_MESSAGE));

/** Where a code issued at `issuedAt` stands at `now`: its period number and the whole seconds it has left. */
export function verificationCodeWindow(
  issuedAt: Date,
  now: Date,
): { period: number; secondsLeft: number; expiresAt: Date } {
  const periodMs = VERIFICATION_CODE_PERIOD_SECONDS * 1000;
  // A clock a little behind the issuer's (another server process) reads as the moment of issue.
  const at = Math.max(now.getTime(), issuedAt.getTime());
  const period = Math.floor((at - issuedAt.getTime()) / periodMs);
  const expiresAt = new Date(issuedAt.getTime() + (period + 1) * periodMs);
  return { period, secondsLeft: Math.ceil((expiresAt.getTime() - at) / 1000), expiresAt };
}

/** GET and POST referrals/{id}/verification-code/: the code shown now and how long it stays. */
export const VerificationCodeSchema = z.object({
  code: z.string(),
  /** Whole seconds until the next code (1 to 60); the screen counts down from it. */
  seconds_left: z.int(),
  expires_at: z.string(),
});
export type VerificationCode = z.infer<typeof VerificationCodeSchema>;
