import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { CAPTCHA_FAILED } from '@referrals/domain/portals/external-referral-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { usedCaptchaChallenges } from '../../../db/schema/portals.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import { loadCaptchaKey } from '../../auth/server-keys.ts';

/*
 * The captcha of the public forms (spec section 9: "A captcha is enabled on public forms"): ALTCHA's proof
 * of work, self-hosted. The server signs a challenge (HMAC, the secret in server_keys); the page's widget
 * searches for the counter whose PBKDF2 key starts with the challenge's prefix (one byte: 256 tries on
 * average) and posts it back; the server checks the signature, the expiry and the one key it derives.
 * ALTCHA keeps no memory, so a solved challenge is recorded when spent and refused the second time.
 */

const ALGORITHM = 'PBKDF2/SHA-256';
/**
 * PBKDF2 iterations per try. Measured: Node solves cost 5,000 in about 0.25 s on one core of the shared
 * build machine, and the widget in headless Chromium in 0.1 to 0.2 s; a mid-range phone is some three to
 * five times slower than that desktop, so 10,000 makes about a second for it (up to three on the unlucky
 * tail of 256 tries), while the server's single check costs a few milliseconds.
 */
export const CAPTCHA_COST = 10_000;
/** Long enough to fill in the rest of a page after the widget solved it; short for a stockpile. */
export const CAPTCHA_LIFETIME_MS = 10 * 60_000;

const secrets = new WeakMap<Database, Promise<string>>();

/**
 * The secret challenges are signed with (server-keys.ts), read from the database on first use and kept;
 * a failed read (the database away) is tried again by the next request rather than at start.
 */
export function captchaSecret(db: Database): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadCaptchaKey(db).catch((error: unknown) => {
      secrets.delete(db);
      throw error;
    });
    secrets.set(db, secret);
  }
  return secret;
}

/** GET public/captcha/: a new challenge signed with `secret`, good for CAPTCHA_LIFETIME_MS. */
export function issueCaptchaChallenge(secret: string, now = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: CAPTCHA_COST,
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_MS),
  });
}

/** The widget's payload, base64 JSON: the challenge as it was issued (parameters, signature) and its solution. */
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ algorithm: z.literal(ALGORITHM), expiresAt: z.number() }),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200) }),
});

/** A solved challenge, not yet spent. */
export type SolvedCaptcha = { signature: string; expiresAt: Date };

const captchaFailed = () => validationFailed({ altcha: [CAPTCHA_FAILED] });

/**
 * Checks a solution without storing anything: the payload decodes, the challenge is one we signed and has
 * not expired, the solution's key is the one its counter derives and starts with the prefix. Anything else
 * (missing, malformed, wrong, expired) is the 400 of CAPTCHA_FAILED.
 */
export async function verifyCaptcha(secret: string, payload: string): Promise<SolvedCaptcha> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw captchaFailed();
  }
  const parsed = PayloadSchema.safeParse(decoded);
  if (!parsed.success) throw captchaFailed();
  const { challenge, solution } = parsed.data;
  const result = await verifySolution({
    // The library checks the parameters' types itself, under the signature that covers them all.
    challenge: challenge as unknown as Challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: secret,
  }).catch(() => null);
  if (!result?.verified) throw captchaFailed();
  return { signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) };
}

/**
 * Spends a solved challenge in the caller's transaction: its signature is recorded (kept until the
 * challenge expires, when it would be refused anyway), and one already recorded is a replay, refused with
 * the same 400. Two submits racing with one solution insert the same key: the second waits for the first
 * and finds it taken.
 */
export async function spendCaptcha(tx: Transaction, solved: SolvedCaptcha): Promise<void> {
  const inserted = await tx
    .insert(usedCaptchaChallenges)
    .values({ signature: solved.signature, expires_at: solved.expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedCaptchaChallenges.signature });
  if (inserted.length === 0) throw captchaFailed();
}
