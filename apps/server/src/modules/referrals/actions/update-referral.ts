import { eq, sql } from 'drizzle-orm';
import type { Referral, ReferralWrite } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { checkVersion, throwIfErrors, validationFailed } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { ReferralCall } from '../referral-call.ts';
import { inVisibleReferral } from '../referral-call.ts';
import { checkDraftReferences } from '../referral-draft-checks.ts';
import { draftColumns } from '../referral-draft-columns.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { referralDetail } from '../referral-queries.ts';
import { checkReferralAction } from './apply-referral-action.ts';
import { NOT_YOUR_ESTABLISHMENT } from './create-referral.ts';

export const STALE_REFERRAL =
  'This referral was changed by someone else since you opened it. Reload it to see the changes.';

/**
 * PUT or PATCH referrals/{id}/: the sender edits a draft (referral-lifecycle.md, update: DRFT only, version
 * checked). The references it names are checked as at create; history and audit rows in the transaction.
 */
export async function updateReferral(
  db: Database,
  call: ReferralCall & { body: ReferralWrite },
): Promise<Referral> {
  return inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) => {
    checkReferralAction('update', referral, side);
    checkVersion(call.body.version, referral.version, STALE_REFERRAL);
    const fromId = referral.from_establishment_id ?? '';
    if (call.body.from_establishment !== undefined && call.body.from_establishment !== fromId) {
      throw validationFailed({ from_establishment: [NOT_YOUR_ESTABLISHMENT] });
    }
    const columns = draftColumns(call.body);
    throwIfErrors(
      await checkDraftReferences(
        tx,
        call.caller,
        fromId,
        {
          to_establishment_id:
            columns.to_establishment_id !== undefined
              ? columns.to_establishment_id
              : referral.to_establishment_id,
          assignee_id: columns.assignee_id !== undefined ? columns.assignee_id : referral.assignee_id,
          patient_id: columns.patient_id !== undefined ? columns.patient_id : referral.patient_id,
        },
        call.body,
      ),
    );
    const [row] = await tx
      .update(referrals)
      .set({ ...columns, version: sql`${referrals.version} + 1`, updated_at: new Date() })
      .where(eq(referrals.id, referral.id))
      .returning();
    if (!row) throw new Error('referral update returned nothing');
    await recordReferralHistory(tx, {
      referralId: row.id,
      caller: call.caller,
      action: 'update',
      from: referral.status,
      to: row.status,
      detail: { fields: Object.keys(columns) },
    });
    await recordAudit(tx, call.actor, {
      action: 'referral.update',
      resourceType: 'referral',
      resourceId: row.id,
      patientId: row.patient_id,
    });
    return referralDetail(tx, call.caller, row);
  });
}
