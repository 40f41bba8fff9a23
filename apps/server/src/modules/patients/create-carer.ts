import type { Carer, CarerWrite } from '@referrals/domain/patients/patient-schemas';
import { keepCarer, prepareCarer } from '@referrals/domain/patients/patient-save-rules';
import type { Database } from '../../db/database.ts';
import { carers } from '../../db/schema/patients.ts';
import { validationFailed } from '../../http/api-errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { inVisiblePatient, type PatientCall } from './patient-call.ts';
import { toCarer } from './patient-queries.ts';
import { EMPTY_CARER_MESSAGE, carerColumns, checkCarer } from './patient-record.ts';

/** POST patients/{id}/carers/: a new carer under the section 5 carer rules (names required, not empty). */
export function createCarer(db: Database, options: PatientCall & { body: CarerWrite }): Promise<Carer> {
  return inVisiblePatient(db, { ...options, lock: true }, async (tx, patient) => {
    if (!keepCarer(options.body)) throw validationFailed({ non_field_errors: [EMPTY_CARER_MESSAGE] });
    checkCarer(options.body);
    const prepared = prepareCarer(options.body, patient);
    const [row] = await tx
      .insert(carers)
      .values({ ...carerColumns(prepared), patient_id: patient.id })
      .returning();
    if (!row) throw new Error('carer insert returned nothing');
    await recordAudit(tx, options.actor, {
      action: 'patient.carer.create',
      resourceType: 'carer',
      resourceId: row.id,
      patientId: patient.id,
    });
    return toCarer(row);
  });
}
