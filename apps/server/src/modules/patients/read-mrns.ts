import type { Mrn } from '@referrals/domain/patients/patient-schemas';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { listMrns } from './patient-queries.ts';

/**
 * GET patients/{id}/mrn/: the MRNs the caller's establishment holds for the patient, with the read's audit
 * row; 404 while it holds none (the web shows blank entries then, section 8).
 */
export function readMrns(db: Database, call: PatientCall): Promise<Mrn[]> {
  return inVisiblePatient(db, call, async (tx, patient) => {
    const mrns = await listMrns(tx, patient.id, call.establishmentId);
    if (mrns.length === 0) throw notFound();
    await recordAudit(tx, call.actor, {
      action: 'patient.mrn.read',
      resourceType: 'patient',
      resourceId: patient.id,
      patientId: patient.id,
    });
    return mrns;
  });
}
