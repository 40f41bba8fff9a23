import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { inVisibleReferral, type ReferralReadCall } from '../referrals/referral-call.ts';
import { referralDetail, type ReferralRow } from '../referrals/referral-queries.ts';
import type { Reader } from '../tenancy/caller.ts';
import type { ReferralDocument } from './fhir-referral.ts';
import { referralDocuments } from './referral-documents.ts';

/** A referral with its documents, what every FHIR resource of a referral is made from. */
export type FhirReferral = { referral: Referral; documents: ReferralDocument[] };

/** A visible referral row as the API gives it, with its audit row (`action`) in the caller's transaction. */
export async function auditedReferral(
  tx: Transaction,
  who: { caller: Reader; actor: AuditActor },
  row: ReferralRow,
  action: 'referral.read' | 'referral.list',
): Promise<Referral> {
  await recordAudit(tx, who.actor, {
    action,
    resourceType: 'referral',
    resourceId: row.id,
    patientId: row.patient_id,
    detail: { via: 'fhir' },
  });
  return referralDetail(tx, who.caller, row);
}

/** A visible referral row as the FHIR API reads it, with its audit row (`action`) in the caller's transaction. */
export async function fhirReferralOf(
  tx: Transaction,
  who: { caller: Reader; actor: AuditActor },
  row: ReferralRow,
  action: 'referral.read' | 'referral.list',
): Promise<FhirReferral> {
  return {
    referral: await auditedReferral(tx, who, row, action),
    documents: await referralDocuments(tx, who.caller, row),
  };
}

/**
 * GET fhir/ServiceRequest/{id}, Task/{id} and DocumentReference/{id}: the referral when the caller may see
 * it, else the 404 of a missing one.
 */
export function readFhirReferral(db: Database, call: ReferralReadCall): Promise<FhirReferral> {
  return inVisibleReferral(db, call, (tx, row) => fhirReferralOf(tx, call, row, 'referral.read'));
}
