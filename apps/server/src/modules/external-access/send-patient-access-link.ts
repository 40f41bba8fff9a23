import { eq } from 'drizzle-orm';
import {
  DRAFT_HAS_NO_LINK,
  PATIENT_HAS_NO_EMAIL,
} from '@referrals/domain/external-access/external-access-schemas';
import type { Database } from '../../db/database.ts';
import { patients } from '../../db/schema/patients.ts';
import { conflict, permissionDenied, throttled, validationFailed } from '../../http/api-errors.ts';
import { issueReferralAccessLink } from '../access-links/issue-referral-access-link.ts';
import { hitBucket } from '../rate-limits/rate-limit-buckets.ts';
import { inVisibleReferral, type ReferralCall } from '../referrals/referral-call.ts';

/** Links to one referral's patient from the app: three an hour, so a double click does not mail twice. */
export const PATIENT_LINKS_PER_REFERRAL = { capacity: 3, drainMinutes: 60 };

/**
 * POST referrals/{id}/patient-link/ (docs/external-access.md, The patient of an in-app referral): either
 * side of a sent referral mails its patient a link of their own (audience `patient`) to the address on
 * their record, with the link's audit row, in one transaction. A shared-with reader may not (403); a draft
 * has nothing to follow (409); a patient without an address is a 400 on `email`, sending nothing.
 */
export async function sendPatientAccessLink(db: Database, call: ReferralCall): Promise<void> {
  await inVisibleReferral(db, call, async (tx, referral, side) => {
    if (side === 'shared') throw permissionDenied();
    if (referral.status === 'DRFT' || referral.submitted_at === null) throw conflict(DRAFT_HAS_NO_LINK);
    const [patient] =
      referral.patient_id === null
        ? []
        : await tx
            .select({ email: patients.email })
            .from(patients)
            .where(eq(patients.id, referral.patient_id));
    const email = patient?.email?.trim() ?? '';
    if (email === '') throw validationFailed({ email: [PATIENT_HAS_NO_EMAIL] });
    const key = `external-access:patient-link:${referral.id}`;
    if (!(await hitBucket(tx, key, PATIENT_LINKS_PER_REFERRAL)).allowed) throw throttled();
    await issueReferralAccessLink(tx, {
      referralId: referral.id,
      audience: 'patient',
      email,
      actor: call.actor,
      detail: { sent_by: side },
    });
  });
}
