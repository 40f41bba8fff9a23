import { throwIfErrors } from '../../../http/api-errors.ts';
import { and, eq, ne } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import type { ShareReferral } from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { employments } from '../../../db/schema/people.ts';
import { referralShares } from '../../../db/schema/referrals.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction } from './referral-action-run.ts';

export const SHARE_ESTABLISHMENT_MESSAGE = 'Choose an approved establishment other than your own.';
export const SHARE_COLLEAGUE_MESSAGE = 'Choose a colleague who works at your establishment.';

/** What the share names must be offered: an approved establishment not the caller's, or a colleague there. */
async function shareTargetErrors(
  tx: Transaction,
  own: string,
  callerId: string,
  body: ShareReferral,
): Promise<FieldErrors> {
  if (body.establishment != null) {
    const [found] = await tx
      .select({ id: establishments.id })
      .from(establishments)
      .where(
        and(
          eq(establishments.id, body.establishment),
          eq(establishments.is_approved, true),
          ne(establishments.id, own),
        ),
      );
    return found ? {} : { establishment: [SHARE_ESTABLISHMENT_MESSAGE] };
  }
  if (body.colleague != null) {
    const [found] =
      body.colleague === callerId
        ? []
        : await tx
            .select({ id: employments.id })
            .from(employments)
            .where(
              and(
                eq(employments.user_id, body.colleague),
                eq(employments.establishment_id, own),
                eq(employments.status, 'APPROVED'),
              ),
            );
    return found ? {} : { colleague: [SHARE_COLLEAGUE_MESSAGE] };
  }
  return {};
}

/**
 * POST referrals/{id}/share/: read access for another establishment or a colleague, who then find it in
 * their `shared` list (referral-lifecycle.md share). Only the sender and receiver sides share, so a
 * shared-with reader cannot pass it on (403); sharing with someone who already has it is a no-op.
 */
export async function shareReferral(
  db: Database,
  options: ReferralCall & { body: ShareReferral },
): Promise<Referral> {
  const { body, ...call } = options;
  const result = await runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('share', referral, side);
    const own = referralEstablishmentOf(call.caller) ?? '';
    throwIfErrors(await shareTargetErrors(tx, own, call.caller.userId, body));
    const target =
      body.establishment != null
        ? eq(referralShares.establishment_id, body.establishment)
        : eq(referralShares.user_id, body.colleague ?? '');
    const [existing] = await tx
      .select({ id: referralShares.id })
      .from(referralShares)
      .where(and(eq(referralShares.referral_id, referral.id), target));
    if (existing) return referralDetail(tx, call.caller, referral);
    await tx.insert(referralShares).values({
      referral_id: referral.id,
      establishment_id: body.establishment,
      user_id: body.colleague,
      shared_by_id: call.caller.userId,
    });
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'share',
      detail: { establishment: body.establishment, colleague: body.colleague },
    });
    return referralDetail(tx, call.caller, row);
  });
  return result as Referral;
}
