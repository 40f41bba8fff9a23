import type { Mrn } from '@referrals/domain/patients/patient-schemas';
import type { Database } from '../../db/database.ts';
import { notFound, validationFailed } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { MRN_EXISTS_MESSAGE, addMrn } from './mrn-numbers.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { listMrns } from './patient-queries.ts';

/** POST patients/{id}/mrn/: the patient's MRN at the caller's establishment, which must not hold one yet. */
export function createMrn(db: Database, options: PatientCall & { number: string }): Promise<Mrn> {
  return inVisiblePatient(db, { ...options, lock: true }, async (tx, patient) => {
    const existing = await listMrns(tx, patient.id, options.establishmentId);
    if (existing.length > 0) throw validationFailed({ number: [MRN_EXISTS_MESSAGE] });
    const row = await addMrn(tx, {
      patientId: patient.id,
      establishmentId: options.establishmentId,
      number: options.number,
      addedBy: options.caller.userId,
    });
    await recordAudit(tx, options.actor, {
      action: 'patient.mrn.create',
      resourceType: 'patient_mrn',
      resourceId: row.id,
      patientId: patient.id,
    });
    const [created] = await listMrns(tx, patient.id, options.establishmentId, row.id);
    if (!created) throw notFound();
    return created;
  });
}
