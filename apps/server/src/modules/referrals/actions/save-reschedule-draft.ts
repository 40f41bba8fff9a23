import { eq, sql } from 'drizzle-orm';
import type { RescheduleDraft } from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { referralDetail } from '../referral-queries.ts';
import { checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction } from './referral-action-run.ts';

/**
 * POST referrals/{id}/reschedule/: the receiver side saves a reschedule before committing it (spec section
 * 4 Actions: reschedule with a draft). Nothing is required and the status stays SCHDL; only a referral
 * that could be rescheduled takes a draft. The history row says a draft was saved, not that the
 * appointment moved.
 */
export async function saveRescheduleDraft(
  db: Database,
  options: ReferralCall & { body: RescheduleDraft },
): Promise<Referral> {
  const { body, ...call } = options;
  const result = await runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('reschedule', referral, side);
    const draft = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const [row] = await tx
      .update(referrals)
      .set({ reschedule_draft: draft, version: sql`${referrals.version} + 1`, updated_at: new Date() })
      .where(eq(referrals.id, referral.id))
      .returning();
    if (!row) throw new Error('referral update returned nothing');
    await recordReferralHistory(tx, {
      referralId: referral.id,
      caller: call.caller,
      action: 'reschedule_draft',
      from: referral.status,
      to: referral.status,
      detail: draft,
    });
    await recordAudit(tx, call.actor, {
      action: 'referral.reschedule_draft',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    return referralDetail(tx, call.caller, row);
  });
  return result as Referral;
}
