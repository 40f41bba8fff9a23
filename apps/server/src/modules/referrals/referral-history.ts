import type { Queryable } from '../../db/database.ts';
import { insertBuiltOnce } from '../../db/prepared-shapes.ts';
import { referralHistory } from '../../db/schema/referrals.ts';
import type { Caller } from '../tenancy/caller.ts';

/**
 * Appends one row to a referral's history (referral-lifecycle.md: every create, update and transition),
 * through the action's transaction so the row exists exactly when the change does. `caller` null: nobody
 * in the product acted (a referral sent through a public portal).
 */
export async function recordReferralHistory(
  q: Queryable,
  entry: {
    referralId: string;
    caller: Pick<Caller, 'userId' | 'current'> | null;
    action: string;
    from: string | null;
    to: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await insertBuiltOnce(q, referralHistory, [
    {
      referral_id: entry.referralId,
      action: entry.action,
      from_status: entry.from,
      to_status: entry.to,
      actor_id: entry.caller?.userId ?? null,
      establishment_id: entry.caller?.current?.establishment.id ?? null,
      detail: entry.detail ?? {},
    },
  ]);
}
