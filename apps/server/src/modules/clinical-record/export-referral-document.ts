import type { ReferralDocumentReference } from '@referrals/domain/clinical-record/clinical-record-schemas';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { clinicalRecordLaunches } from '../../db/schema/clinical-record.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { renderReferralLetter } from '../referrals/letter/referral-letter.ts';
import { referralLetterOf } from '../referrals/read-referral-letter.ts';
import { inVisibleReferral, type ReferralCall } from '../referrals/referral-call.ts';
import { referralDocumentReference } from './record-document.ts';

/**
 * GET referrals/{id}/export-to-emr/: the letter as the DocumentReference filing back would send, for
 * anyone who may see the referral to download and file by hand (a record system without SMART, a launch
 * that has ended). Audited as 'referral.export' in the read's transaction.
 */
export async function exportReferralDocument(
  db: Database,
  call: ReferralCall,
): Promise<ReferralDocumentReference> {
  const { letter, launch } = await inVisibleReferral(db, call, async (tx, referral) => {
    await recordAudit(tx, call.actor, {
      action: 'referral.export',
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
    });
    const [launch] = referral.clinical_record_launch_id
      ? await tx
          .select({
            patient_id: clinicalRecordLaunches.patient_id,
            fhir_user: clinicalRecordLaunches.fhir_user,
          })
          .from(clinicalRecordLaunches)
          .where(eq(clinicalRecordLaunches.id, referral.clinical_record_launch_id))
      : [];
    return { letter: await referralLetterOf(tx, referral), launch: launch ?? null };
  });
  return referralDocumentReference({ letter, pdf: await renderReferralLetter(letter), launch });
}
