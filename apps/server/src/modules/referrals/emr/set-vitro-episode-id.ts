import { eq, sql } from 'drizzle-orm';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { SetVitroEpisodeId } from '@referrals/domain/referrals/vitro-episode-schemas';
import type { Database } from '../../../db/database.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { conflict, permissionDenied } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { referralDetail } from '../referral-queries.ts';

export const RECALLED_EPISODE_MESSAGE =
  'The referral was recalled to a draft: link an episode once it is submitted again.';

/** The history row's action; the referral page names it. */
export const VITRO_EPISODE_HISTORY_ACTION = 'vitro_episode_id.update';

/**
 * POST referrals/{id}/set-vitro-episode-id/: the receiver side records the episode it opened for the
 * referral in its own system (or clears it with null). The episode is the receiver's, so the sender side
 * and a shared-with reader are refused (403). A referral recalled to a draft is only a read-only record at
 * the receiver until it comes back (409). The status stays; the version moves, and the change has its
 * history row (both sides see which episode it went to) and its audit row.
 */
export function setVitroEpisodeId(
  db: Database,
  options: ReferralCall & { body: SetVitroEpisodeId },
): Promise<Referral> {
  const { body, ...call } = options;
  return inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) => {
    if (side !== 'receiver') throw permissionDenied();
    const status = referral.status as ReferralStatus;
    if (status === 'DRFT') {
      throw conflict(RECALLED_EPISODE_MESSAGE, { value: status, display: REFERRAL_STATUSES[status] });
    }
    const [row] = await tx
      .update(referrals)
      .set({
        vitro_episode_id: body.vitro_episode_id,
        version: sql`${referrals.version} + 1`,
        updated_at: new Date(),
      })
      .where(eq(referrals.id, referral.id))
      .returning();
    if (!row) throw new Error('referral update returned nothing');
    await recordReferralHistory(tx, {
      referralId: referral.id,
      caller: call.caller,
      action: VITRO_EPISODE_HISTORY_ACTION,
      from: status,
      to: status,
      detail: { vitro_episode_id: body.vitro_episode_id },
    });
    await recordAudit(tx, call.actor, {
      action: 'referral.set-vitro-episode-id',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    return referralDetail(tx, call.caller, row);
  });
}
