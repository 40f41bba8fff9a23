import { and, eq } from 'drizzle-orm';
import type { Mrn } from '@referrals/domain/patients/patient-schemas';
import type { Database } from '../../db/database.ts';
import { patientMrns } from '../../db/schema/patients.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkMrnFree } from './mrn-numbers.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { listMrns } from './patient-queries.ts';

/** PUT patients/{id}/mrn/{mrnId}/: a new number for the patient's MRN at the caller's establishment. */
export function updateMrn(
  db: Database,
  options: PatientCall & { mrnId: string; number: string },
): Promise<Mrn> {
  const { establishmentId } = options;
  return inVisiblePatient(db, { ...options, lock: true }, async (tx, patient) => {
    await checkMrnFree(tx, establishmentId, options.number, patient.id);
    const [previous] = await listMrns(tx, patient.id, establishmentId, options.mrnId);
    if (!previous) throw notFound();
    await tx
      .update(patientMrns)
      .set({ number: options.number })
      .where(
        and(
          eq(patientMrns.id, previous.id),
          eq(patientMrns.patient_id, patient.id),
          eq(patientMrns.establishment_id, establishmentId),
        ),
      );
    // The old number is kept in the audit row: an MRN is an identifier, and a change must be traceable.
    await recordAudit(tx, options.actor, {
      action: 'patient.mrn.update',
      resourceType: 'patient_mrn',
      resourceId: previous.id,
      patientId: patient.id,
      detail: { previous_number: previous.number },
    });
    const [saved] = await listMrns(tx, patient.id, establishmentId, previous.id);
    if (!saved) throw notFound();
    return saved;
  });
}
