import type { Database } from '../../../db/database.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';

/**
 * GET referrals/{id}/forms/: the form data saved on a referral, template name to fields, so a draft
 * reopened in the wizard shows what was typed (PUT answers the same shape). Form values are patient data,
 * so the read has its audit row.
 */
export function readReferralForms(
  db: Database,
  call: ReferralCall,
): Promise<{ forms: Record<string, Record<string, unknown>> }> {
  return inVisibleReferral(db, call, async (tx, referral) => {
    await recordAudit(tx, call.actor, {
      action: 'referral.forms.read',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    return { forms: referral.forms };
  });
}
