import type { Patient, PatientWrite } from '@referrals/domain/patients/patient-schemas';
import { preparePatientSave, validatePatientSave } from '@referrals/domain/patients/patient-save-rules';
import type { Database, Transaction } from '../../db/database.ts';
import { patients } from '../../db/schema/patients.ts';
import { permissionDenied, throwIfErrors } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { addMrn } from './mrn-numbers.ts';
import { patientDetail } from './patient-queries.ts';
import { checkDoctor, patientColumns, saveLists } from './patient-record.ts';
import { patientEstablishmentOf } from './patient-visibility.ts';

type PatientInsert = typeof patients.$inferInsert;
type PatientRow = typeof patients.$inferSelect;

/**
 * POST patients/: the section 5 save rules, then the record, its lists and (when sent) its MRN, owned by
 * the caller's current establishment, with the audit row, in one transaction.
 */
export async function createPatient(
  db: Database,
  options: { caller: Caller; actor: AuditActor; body: PatientWrite },
): Promise<Patient> {
  const establishmentId = patientEstablishmentOf(options.caller);
  if (establishmentId === null) throw permissionDenied();
  const errors = validatePatientSave(options.body, { mode: 'create' });
  throwIfErrors(errors);
  const prepared = preparePatientSave(options.body, { create: true });
  return db.transaction(async (tx) => {
    const row = await insertPatient(tx, { ...options, establishmentId, prepared });
    return patientDetail(tx, options.caller, row);
  });
}

/**
 * The new record of a body the save rules have passed and prepared (validatePatientSave,
 * preparePatientSave), owned by `establishmentId`, with its lists, its MRN and its audit row, in the
 * caller's transaction: POST patients/, and a MANUAL or EXTERNAL referral whose patient is new. The actor
 * creates it: nobody (null) for a referral sent through a public portal.
 */
export async function insertPatient(
  tx: Transaction,
  options: { actor: AuditActor; establishmentId: string; prepared: PatientWrite },
): Promise<PatientRow> {
  const { actor, establishmentId, prepared } = options;
  throwIfErrors(await checkDoctor(tx, prepared.doctor));
  const [row] = await tx
    .insert(patients)
    .values({
      ...(patientColumns(prepared) as PatientInsert),
      establishment_id: establishmentId,
      created_by_id: actor.actorId,
      status: 'complete',
    })
    .returning();
  if (!row) throw new Error('patient insert returned nothing');
  await saveLists(tx, row.id, prepared);
  if (prepared.mrn) {
    await addMrn(tx, { patientId: row.id, establishmentId, number: prepared.mrn, addedBy: actor.actorId });
  }
  await recordAudit(tx, actor, {
    action: 'patient.create',
    resourceType: 'patient',
    resourceId: row.id,
    patientId: row.id,
  });
  return row;
}
