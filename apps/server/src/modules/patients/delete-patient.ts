import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { patients } from '../../db/schema/patients.ts';
import { permissionDenied } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { DELETED_PATIENT_STATUS, patientEstablishmentOf } from './patient-visibility.ts';

/**
 * DELETE patients/{id}/: a soft delete. Referrals, reports and the audit log refer to the patient, and the
 * house rule is never to lose data, so the record stays with status 'deleted' and is then seen by nobody.
 * Only the establishment that owns the record may delete it; one that sees it through an MRN or a referral
 * gets 403.
 */
export async function deletePatient(db: Database, options: PatientCall): Promise<void> {
  await inVisiblePatient(db, { ...options, lock: true }, async (tx, row) => {
    if (row.establishment_id !== patientEstablishmentOf(options.caller)) throw permissionDenied();
    await tx
      .update(patients)
      .set({ status: DELETED_PATIENT_STATUS, version: sql`${patients.version} + 1`, updated_at: new Date() })
      .where(eq(patients.id, row.id));
    await recordAudit(tx, options.actor, {
      action: 'patient.delete',
      resourceType: 'patient',
      resourceId: row.id,
      patientId: row.id,
      detail: { previous_status: row.status },
    });
  });
}
