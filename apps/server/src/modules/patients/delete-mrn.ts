import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { patientMrns } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';

/** DELETE patients/{id}/mrn/{mrnId}/: removes the MRN the caller's establishment holds; the number stays in the audit. */
export async function deleteMrn(db: Database, options: PatientCall & { mrnId: string }): Promise<void> {
  await inVisiblePatient(db, { ...options, lock: true }, async (tx, patient) => {
    const [gone] = await tx
      .delete(patientMrns)
      .where(
        and(
          eq(patientMrns.id, options.mrnId),
          eq(patientMrns.patient_id, patient.id),
          eq(patientMrns.establishment_id, options.establishmentId),
        ),
      )
      .returning({ id: patientMrns.id, number: patientMrns.number });
    if (!gone) throw notFound();
    await recordAudit(tx, options.actor, {
      action: 'patient.mrn.delete',
      resourceType: 'patient_mrn',
      resourceId: gone.id,
      patientId: patient.id,
      detail: { previous_number: gone.number },
    });
  });
}
