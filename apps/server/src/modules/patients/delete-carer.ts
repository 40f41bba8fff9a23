import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { carers } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';

/** DELETE patients/{id}/carers/{carerId}/: removes the carer; a carer of another patient is a 404. */
export async function deleteCarer(db: Database, options: PatientCall & { carerId: string }): Promise<void> {
  await inVisiblePatient(db, { ...options, lock: true }, async (tx, patient) => {
    const [gone] = await tx
      .delete(carers)
      .where(and(eq(carers.id, options.carerId), eq(carers.patient_id, patient.id)))
      .returning({ id: carers.id });
    if (!gone) throw notFound();
    await recordAudit(tx, options.actor, {
      action: 'patient.carer.delete',
      resourceType: 'carer',
      resourceId: gone.id,
      patientId: patient.id,
    });
  });
}
