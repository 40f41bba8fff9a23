import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import type { PatientWrite } from '@referrals/domain/patients/patient-schemas';
import { preparePatientSave, validatePatientSave } from '@referrals/domain/patients/patient-save-rules';
import type { Transaction } from '../../../db/database.ts';
import { patients, visiblePatients } from '../../../db/schema/patients.ts';
import { ApiError, validationFailed } from '../../../http/api-errors.ts';
import type { AuditActor } from '../../audit/record-audit.ts';
import { insertPatient } from '../../patients/create-patient.ts';
import { patientsVisibleAt } from '../../patients/patient-visibility.ts';
import { PATIENT_NOT_VISIBLE } from '../referral-draft-checks.ts';

/** How a MANUAL referral found its patient; kept in its history and audit rows. */
export type ManualPatientMatch = 'chosen' | 'medicare' | 'name_and_dob' | 'created';

/**
 * The letter's patient details under the section 5 save rules, before anything is stored: a 400 nests the
 * errors under `key`, where the body sent them (`new_patient`; an external referral's `patient`).
 */
export function prepareNewPatient(newPatient: PatientWrite, key = 'new_patient'): PatientWrite {
  const errors = validatePatientSave(newPatient, { mode: 'create' });
  if (Object.keys(errors).length > 0) throw validationFailed({ [key]: errors });
  return preparePatientSave(newPatient, { create: true });
}

/**
 * Holds the patient row FOR SHARE until the transaction ends, when the receiving establishment may see it;
 * false otherwise. Taken before the referral's insert, in the mode the visible_patients trigger takes after
 * it (docs/patients.md, Lock order): shared locks never wait for each other nor for the insert's own KEY
 * SHARE, and a deletion of the patient (FOR NO KEY UPDATE) waits for the commit, so the referral never
 * names a record deleted in between.
 */
async function holdVisiblePatient(tx: Transaction, establishmentId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, id), patientsVisibleAt(establishmentId)))
    .for('share');
  return row !== undefined;
}

/**
 * The same person as the letter's details, among the patients the establishment sees. One Medicare card
 * covers a family, so its number matches only with the same date of birth and, when both records have
 * one, the same individual reference number; else the first and last names (in any case) and the date of
 * birth. Where several match, the establishment's own record comes first, then one it holds an MRN for,
 * then the oldest.
 */
async function matchingPatient(
  tx: Transaction,
  establishmentId: string,
  details: PatientWrite,
): Promise<{ id: string; match: ManualPatientMatch } | undefined> {
  const v = visiblePatients;
  const find = async (condition: SQL | undefined) => {
    const [row] = await tx
      .select({ id: v.patient_id })
      .from(v)
      .innerJoin(patients, eq(patients.id, v.patient_id))
      .where(and(eq(v.establishment_id, establishmentId), eq(v.dob, details.dob ?? ''), condition))
      .orderBy(desc(v.owns), desc(v.holds_mrn), asc(patients.created_at), asc(patients.id))
      .limit(1);
    return row?.id;
  };
  const medicare = details.pub_insurance_type === 'MDCR' ? details.pub_insurance_details : null;
  if (medicare) {
    const reference = details.medicare_ref_num;
    const id = await find(
      and(
        eq(v.pub_insurance_details, medicare),
        reference
          ? or(isNull(patients.medicare_ref_num), eq(patients.medicare_ref_num, reference))
          : undefined,
      ),
    );
    if (id) return { id, match: 'medicare' };
  }
  const id = await find(
    and(
      sql`${v.last_name_key} = lower(${(details.last_name ?? '').trim()})`,
      sql`${v.first_name_key} = lower(${(details.first_name ?? '').trim()})`,
    ),
  );
  return id ? { id, match: 'name_and_dob' } : undefined;
}

/**
 * The patient of a MANUAL or EXTERNAL referral, in its transaction and held there (holdVisiblePatient): the
 * chosen record, which the establishment must see (else 400 on `patient`, as a draft's patient is checked),
 * or the letter's details (`newPatient`, prepared by prepareNewPatient) matched among the establishment's
 * patients, or else a new record of the establishment made by the patient module's own insert.
 */
export async function manualReferralPatient(
  tx: Transaction,
  options: {
    actor: AuditActor;
    establishmentId: string;
    patient: string | null | undefined;
    newPatient: PatientWrite | null;
  },
): Promise<{ id: string; match: ManualPatientMatch }> {
  const { establishmentId, newPatient } = options;
  if (newPatient === null) {
    const id = options.patient;
    if (!id || !(await holdVisiblePatient(tx, establishmentId, id))) {
      throw validationFailed({ patient: [PATIENT_NOT_VISIBLE] });
    }
    return { id, match: 'chosen' };
  }
  const found = await matchingPatient(tx, establishmentId, newPatient);
  if (found && (await holdVisiblePatient(tx, establishmentId, found.id))) return found;
  const row = await underNewPatient(() =>
    insertPatient(tx, { actor: options.actor, establishmentId, prepared: newPatient }),
  );
  return { id: row.id, match: 'created' };
}

/** A field error of the patient insert (its doctor), nested under `new_patient` as the body sent it. */
async function underNewPatient<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      throw validationFailed({ new_patient: error.body as FieldErrors });
    }
    throw error;
  }
}
