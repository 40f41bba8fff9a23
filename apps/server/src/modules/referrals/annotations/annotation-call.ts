import type { Database, Transaction } from '../../../db/database.ts';
import { permissionDenied } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import type { ReferralRow } from '../referral-queries.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';

/** Where an annotation write happens: the referral, the establishment whose notes they are, the audit. */
export type AnnotationScope = {
  tx: Transaction;
  referral: ReferralRow;
  establishmentId: string;
  /** Writes the change's audit row, e.g. `audit('referral.tag.create', tag.id)`. */
  audit: (action: string, annotationId: string) => Promise<void>;
};

/**
 * Runs `work` in one transaction on a referral the caller may see, for the establishment whose tags and
 * sticky notes they write. The sender and receiver sides annotate; a shared-with reader is read-only (403).
 */
export function inAnnotatableReferral<T>(
  db: Database,
  call: ReferralCall,
  work: (scope: AnnotationScope) => Promise<T>,
): Promise<T> {
  return inVisibleReferral(db, call, (tx, referral, side) => {
    const establishmentId = referralEstablishmentOf(call.caller);
    if (side === 'shared' || establishmentId === null) throw permissionDenied();
    const audit = (action: string, annotationId: string) =>
      recordAudit(tx, call.actor, {
        action,
        resourceType: 'referral',
        resourceId: referral.id,
        patientId: referral.patient_id,
        detail: { annotation: annotationId },
      });
    return work({ tx, referral, establishmentId, audit });
  });
}
