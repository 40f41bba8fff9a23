import type { Patient } from '@referrals/domain/patients/patient-schemas';
import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientReadCall } from './patient-call.ts';
import { patientDetail } from './patient-queries.ts';

/** GET patients/{id}/: the whole record, with its audit row (who has seen this patient) in the same transaction. */
export function readPatient(db: Database, call: PatientReadCall): Promise<Patient> {
  return inVisiblePatient(db, call, async (tx, row) => {
    await recordAudit(tx, call.actor, {
      action: 'patient.read',
      resourceType: 'patient',
      resourceId: row.id,
      patientId: row.id,
    });
    return patientDetail(tx, call.caller, row);
  });
}
