import { eq, sql } from 'drizzle-orm';
import type { Patient, PatientWrite } from '@referrals/domain/patients/patient-schemas';
import { preparePatientSave, validatePatientSave } from '@referrals/domain/patients/patient-save-rules';
import type { Database } from '../../db/database.ts';
import { patients } from '../../db/schema/patients.ts';
import { checkVersion, notFound, throwIfErrors } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { patientDetail } from './patient-queries.ts';
import {
  STALE_PATIENT_MESSAGE,
  checkDoctor,
  patientColumns,
  saveLists,
  storedAsWrite,
  stripUndefined,
} from './patient-record.ts';

/**
 * PUT and PATCH patients/{id}/: both lay the body over the stored record and save the result under the
 * section 5 rules (PUT must send first_name, last_name and dob; PATCH only what changes). Lists the body
 * leaves out stay as they are. A stale `version` is a 409; a patient outside the caller's visibility a 404.
 */
export async function updatePatient(
  db: Database,
  options: PatientCall & { body: PatientWrite; mode: 'replace' | 'patch' },
): Promise<Patient> {
  return inVisiblePatient(db, { ...options, lock: true }, async (tx, row) => {
    checkVersion(options.body.version, row.version, STALE_PATIENT_MESSAGE);
    throwIfErrors(
      validatePatientSave(options.body, { mode: options.mode, insuranceType: row.pub_insurance_type }),
    );
    const { mrn: _mrn, ...body } = options.body;
    const merged: PatientWrite = { ...storedAsWrite(row), ...stripUndefined(body) };
    const prepared = preparePatientSave(merged);
    throwIfErrors(await checkDoctor(tx, options.body.doctor, row.doctor_id));
    const [saved] = await tx
      .update(patients)
      .set({ ...patientColumns(prepared), version: sql`${patients.version} + 1`, updated_at: new Date() })
      .where(eq(patients.id, row.id))
      .returning();
    if (!saved) throw notFound();
    await saveLists(tx, row.id, prepared);
    await recordAudit(tx, options.actor, {
      action: 'patient.update',
      resourceType: 'patient',
      resourceId: row.id,
      patientId: row.id,
      detail: { fields: Object.keys(body).sort() },
    });
    return patientDetail(tx, options.caller, saved);
  });
}
