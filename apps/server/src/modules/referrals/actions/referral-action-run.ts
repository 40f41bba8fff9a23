import { z } from 'zod';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import type { ReferralRow } from '../referral-queries.ts';

/**
 * `?validate=true` (api-conventions.md Dry run and commit; spec section 4: recall, return, forward,
 * reschedule and renew first validate, then commit). `commit` is the spec's other flag: a call without
 * `validate=true` commits, so it changes nothing and is accepted for the spec's clients.
 */
export const ReferralActionQuerySchema = z.object({
  validate: z.enum(['true', 'false']).optional(),
  commit: z.enum(['true', 'false']).optional(),
});

/** The answer of a dry run that found nothing wrong. */
export const ReferralDryRunSchema = z.object({ valid: z.literal(true) });
export type ReferralDryRun = z.infer<typeof ReferralDryRunSchema>;

/** A dry run's way out of the transaction: thrown after every check and write, so all of it rolls back. */
class DryRunRollback extends Error {}

/**
 * Runs a referral action in one transaction on the locked row (inVisibleReferral). With `validate` the
 * action runs in full, every check and write included, and the transaction is then rolled back: a dry
 * run reports exactly the 400 or 409 the commit would, and can never write, because nothing it did is
 * kept. Written once here so no action grows its own half-copy of its checks.
 */
export async function runReferralAction<T>(
  db: Database,
  call: ReferralCall & { validate?: boolean },
  work: (tx: Transaction, referral: ReferralRow, side: ReferralSideOfCaller) => Promise<T>,
): Promise<T | ReferralDryRun> {
  try {
    return await inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) => {
      const result = await work(tx, referral, side);
      if (call.validate === true) throw new DryRunRollback();
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return { valid: true };
    throw error;
  }
}
