import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CODE_WRONG } from '@referrals/domain/portals/external-referral-schemas';
import {
  VERIFICATION_CODE_DIGITS,
  VERIFICATION_CODE_GRACE_PERIODS,
  VERIFICATION_CODE_PERIOD_SECONDS,
} from '@referrals/domain/referrals/verification-code';
import type { Database } from '../../../db/database.ts';
import { externalReferralDrafts } from '../../../db/schema/portals.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import { hashToken } from '../../auth/one-time-tokens.ts';
import type { DraftRow } from './draft-access.ts';

/*
 * The code emailed to a portal draft's sender (spec section 9: it changes every 60 s). Only its hash is
 * kept, bound to the draft (six digits repeat between drafts). A code is good for its minute and
 * VERIFICATION_CODE_GRACE_PERIODS more, so one arriving late in its minute can still be typed; a new one
 * may be asked for once its minute is over. Codes are never logged or audited.
 */

const PERIOD_MS = VERIFICATION_CODE_PERIOD_SECONDS * 1000;
/** Wrong codes that spend a code: six digits are a secret only behind a limit on guesses. */
export const MAX_CODE_FAILURES = 5;

/** A new code, from the system's secure random source. */
export function newDraftCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_DIGITS)).padStart(VERIFICATION_CODE_DIGITS, '0');
}

export const draftCodeHash = (draftId: string, code: string) => hashToken(`${draftId}:${code}`);

/** Seconds until the draft may be sent a new code; 0 when it may now. */
export function secondsUntilNewCode(draft: Pick<DraftRow, 'code_sent_at'>, now: Date): number {
  if (!draft.code_sent_at) return 0;
  const left = draft.code_sent_at.getTime() + PERIOD_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Whether `code` is the draft's current code, within its time and before it was spent by wrong guesses. */
function isDraftCode(draft: DraftRow, code: string, now: Date): boolean {
  if (!draft.code_hash || !draft.code_sent_at || draft.code_failures >= MAX_CODE_FAILURES) return false;
  const age = now.getTime() - draft.code_sent_at.getTime();
  if (age < 0 || age >= (1 + VERIFICATION_CODE_GRACE_PERIODS) * PERIOD_MS) return false;
  const typed = Buffer.from(draftCodeHash(draft.id, code));
  const stored = Buffer.from(draft.code_hash);
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}

/**
 * Checks the code a submit carries against the draft's, with the draft held FOR UPDATE so guesses are
 * counted one at a time: a wrong one adds a failure (committed, though the submit is refused) and the
 * fifth spends the code. Answers the hash of the code that passed, which the submit's own transaction
 * checks again (a save that changed the sender's address in between forgets it); else the 400 of CODE_WRONG.
 */
export async function checkDraftCode(
  db: Database,
  options: { draftId: string; code: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const passed = await db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(externalReferralDrafts)
      .where(eq(externalReferralDrafts.id, options.draftId))
      .for('update');
    if (!draft) return null;
    if (isDraftCode(draft, options.code, now)) return draft.code_hash;
    if (draft.code_hash && draft.code_failures < MAX_CODE_FAILURES) {
      await tx
        .update(externalReferralDrafts)
        .set({ code_failures: sql`${externalReferralDrafts.code_failures} + 1` })
        .where(eq(externalReferralDrafts.id, draft.id));
    }
    return null;
  });
  if (passed === null) throw validationFailed({ code: [CODE_WRONG] });
  return passed;
}
