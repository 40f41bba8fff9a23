import type { Carer } from '@referrals/domain/patients/patient-schemas';
import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { listCarers } from './patient-queries.ts';

/** GET patients/{id}/carers/: the patient's carers, primary first, with the read's audit row. */
export function readCarers(db: Database, call: PatientCall): Promise<Carer[]> {
  return inVisiblePatient(db, call, async (tx, patient) => {
    await recordAudit(tx, call.actor, {
      action: 'patient.carers.read',
      resourceType: 'patient',
      resourceId: patient.id,
      patientId: patient.id,
    });
    return listCarers(tx, patient.id);
  });
}
