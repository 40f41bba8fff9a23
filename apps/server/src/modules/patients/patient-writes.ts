import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import type { CarerWrite, Patient, PatientWrite } from '@referrals/domain/patients/patient-schemas';
import { preparePatientSave, validatePatientSave } from '@referrals/domain/patients/patient-save-rules';
import type { Database, Transaction } from '../../db/database.ts';
import {
  carers,
  concessionCards,
  healthFunds,
  patientExternalIds,
  patientMrns,
  patients,
} from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { checkVersion, notFound, permissionDenied, validationFailed } from '../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Caller } from '../tenancy/caller.ts';
import { findVisiblePatient, patientDetail } from './patient-queries.ts';
import { DELETED_PATIENT_STATUS, patientEstablishmentOf } from './patient-visibility.ts';

type PatientRow = typeof patients.$inferSelect;
type PatientInsert = typeof patients.$inferInsert;

export const STALE_PATIENT_MESSAGE =
  'This patient was changed elsewhere. Reload it and make your changes again.';
export const STALE_CARER_MESSAGE = 'This carer was changed elsewhere. Reload it and make your changes again.';
export const DOCTOR_NOT_FOUND_MESSAGE = 'Choose a doctor from the list.';

/** The scalar fields of a write body that are columns of `patients`, under their column names. */
const PATIENT_COLUMNS = [
  'title',
  'first_name',
  'last_name',
  'dob',
  'sex_at_birth',
  'sex',
  'sex_nb_text',
  'custom_gender',
  'pub_insurance_type',
  'pub_insurance_details',
  'medicare_ref_num',
  'medicare_expiry_date',
  'hospital_num',
  'atsi',
  'ndis',
  'pp_refugee',
  'pp_out_home_care',
  'pp_culturally_diverse',
  'pp_other',
  'aboriginal_status',
  'is_aboriginal_status_enabled',
  'email',
  'phone',
  'pref_contact_method',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'is_residential_and_postal_address',
  'postal_address1',
  'postal_address2',
  'postal_city',
  'postal_state',
  'postal_postcode',
  'health_fund_name',
  'health_fund_num',
  'country_of_birth',
  'ihi',
  'is_advice_and_guidance',
] as const satisfies readonly (keyof PatientWrite & keyof PatientInsert)[];

function patientColumns(prepared: PatientWrite): Partial<PatientInsert> {
  const columns: Record<string, unknown> = {};
  for (const field of PATIENT_COLUMNS) {
    if (prepared[field] !== undefined) columns[field] = prepared[field];
  }
  if (prepared.doctor !== undefined) columns.doctor_id = prepared.doctor;
  return columns;
}

/** The stored record as a write body, so a PATCH can be checked and saved as the whole record it leaves. */
function storedAsWrite(row: PatientRow): PatientWrite {
  const write: Record<string, unknown> = { doctor: row.doctor_id };
  for (const field of PATIENT_COLUMNS) write[field] = row[field];
  return write;
}

function carerColumns(patientId: string, carer: CarerWrite) {
  const { id: _id, version: _version, ...fields } = carer;
  return {
    ...fields,
    patient_id: patientId,
    carer_type: carer.carer_type ?? 1,
    first_name: carer.first_name ?? '',
    last_name: carer.last_name ?? '',
    emergency_contact: carer.emergency_contact ?? false,
    next_of_kin: carer.next_of_kin ?? false,
    address_same_as_patient: carer.address_same_as_patient ?? false,
    dob: carer.dob === '' ? null : carer.dob,
  };
}

async function checkDoctor(tx: Transaction, doctor: string | null | undefined): Promise<FieldErrors> {
  if (!doctor) return {};
  const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.id, doctor));
  return found ? {} : { doctor: [DOCTOR_NOT_FOUND_MESSAGE] };
}

function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Saves the lists a prepared body sends (absent lists stay as they are). */
async function saveLists(tx: Transaction, patientId: string, prepared: PatientWrite): Promise<void> {
  if (prepared.concession_cards !== undefined) {
    await tx.delete(concessionCards).where(eq(concessionCards.patient_id, patientId));
    if (prepared.concession_cards.length > 0) {
      await tx.insert(concessionCards).values(
        prepared.concession_cards.map((card, position) => ({
          patient_id: patientId,
          position,
          type: card.type ?? '',
          concession_number: card.concession_number ?? null,
          concession_other: card.concession_other ?? null,
        })),
      );
    }
  }
  if (prepared.health_funds !== undefined) {
    await tx.delete(healthFunds).where(eq(healthFunds.patient_id, patientId));
    if (prepared.health_funds.length > 0) {
      await tx.insert(healthFunds).values(
        prepared.health_funds.map((fund, position) => ({
          patient_id: patientId,
          position,
          type: fund.type ?? null,
          health_fund_name: fund.health_fund_name ?? '',
          health_fund_num: fund.health_fund_num ?? null,
        })),
      );
    }
  }
  if (prepared.external_ids !== undefined) {
    await tx.delete(patientExternalIds).where(eq(patientExternalIds.patient_id, patientId));
    const bySystem = new Map(prepared.external_ids.map((e) => [e.system, e.external_id]));
    if (bySystem.size > 0) {
      await tx
        .insert(patientExternalIds)
        .values(
          [...bySystem].map(([system, external_id]) => ({ patient_id: patientId, system, external_id })),
        );
    }
  }
  if (prepared.carers !== undefined) await syncCarers(tx, patientId, prepared.carers);
}

/**
 * Makes the patient's carers those of the body: a carer with the id of one of this patient's carers
 * updates it (409 on a stale version), one without (or with a foreign id) is created, and a stored carer
 * the body no longer carries (including one the keep-or-delete rule dropped) is deleted.
 */
async function syncCarers(tx: Transaction, patientId: string, wanted: CarerWrite[]): Promise<void> {
  const stored = await tx
    .select({ id: carers.id, version: carers.version })
    .from(carers)
    .where(eq(carers.patient_id, patientId));
  const storedIds = new Set(stored.map((c) => c.id));
  const kept = new Set<string>();
  for (const carer of wanted) {
    const existing = carer.id !== undefined && storedIds.has(carer.id) ? carer.id : undefined;
    if (existing) {
      const version = stored.find((c) => c.id === existing)?.version ?? 0;
      checkVersion(carer.version, version, STALE_CARER_MESSAGE);
      kept.add(existing);
      await tx
        .update(carers)
        .set({
          ...carerColumns(patientId, carer),
          version: sql`${carers.version} + 1`,
          updated_at: new Date(),
        })
        .where(eq(carers.id, existing));
    } else {
      await tx.insert(carers).values(carerColumns(patientId, carer));
    }
  }
  const gone = [...storedIds].filter((id) => !kept.has(id));
  if (gone.length > 0) await tx.delete(carers).where(inArray(carers.id, gone));
}

/** Adds an MRN for the patient at the caller's establishment; 400 when the number is taken there. */
export async function addMrn(
  tx: Transaction,
  options: { patientId: string; establishmentId: string; number: string; addedBy: string },
) {
  await checkMrnFree(tx, options.establishmentId, options.number, options.patientId);
  const [row] = await tx
    .insert(patientMrns)
    .values({
      patient_id: options.patientId,
      establishment_id: options.establishmentId,
      number: options.number,
      added_by_id: options.addedBy,
    })
    .returning();
  if (!row) throw new Error('MRN insert returned nothing');
  return row;
}

export const MRN_TAKEN_MESSAGE = 'This MRN belongs to another patient at this establishment.';
export const MRN_EXISTS_MESSAGE = 'This patient already has an MRN at this establishment. Edit it instead.';

/** An MRN identifies one patient at an establishment: another patient with the same number is a 400. */
export async function checkMrnFree(
  tx: Transaction,
  establishmentId: string,
  number: string,
  patientId: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: patientMrns.id })
    .from(patientMrns)
    .where(
      and(
        eq(patientMrns.establishment_id, establishmentId),
        sql`lower(${patientMrns.number}) = ${number.toLowerCase()}`,
        ne(patientMrns.patient_id, patientId),
      ),
    )
    .limit(1);
  if (taken) throw validationFailed({ number: [MRN_TAKEN_MESSAGE] });
}

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
    throwIfErrors(await checkDoctor(tx, prepared.doctor));
    const [row] = await tx
      .insert(patients)
      .values({
        ...(patientColumns(prepared) as PatientInsert),
        establishment_id: establishmentId,
        created_by_id: options.caller.userId,
        status: 'complete',
      })
      .returning();
    if (!row) throw new Error('patient insert returned nothing');
    await saveLists(tx, row.id, prepared);
    if (prepared.mrn) {
      await addMrn(tx, {
        patientId: row.id,
        establishmentId,
        number: prepared.mrn,
        addedBy: options.caller.userId,
      });
    }
    await recordAudit(tx, options.actor, {
      action: 'patient.create',
      resourceType: 'patient',
      resourceId: row.id,
      patientId: row.id,
    });
    return patientDetail(tx, options.caller, row);
  });
}

/**
 * PUT and PATCH patients/{id}/: both lay the body over the stored record and save the result under the
 * section 5 rules (PUT must send first_name, last_name and dob; PATCH only what changes). Lists the body
 * leaves out stay as they are. A stale `version` is a 409; a patient outside the caller's visibility a 404.
 */
export async function updatePatient(
  db: Database,
  options: { caller: Caller; actor: AuditActor; id: string; body: PatientWrite; mode: 'replace' | 'patch' },
): Promise<Patient> {
  return db.transaction(async (tx) => {
    const row = await findVisiblePatient(tx, options.caller, options.id, { lock: true });
    if (!row) throw notFound();
    checkVersion(options.body.version, row.version, STALE_PATIENT_MESSAGE);
    throwIfErrors(
      validatePatientSave(options.body, { mode: options.mode, insuranceType: row.pub_insurance_type }),
    );
    const { mrn: _mrn, ...body } = options.body;
    const merged: PatientWrite = { ...storedAsWrite(row), ...stripUndefined(body) };
    const prepared = preparePatientSave(merged);
    throwIfErrors(await checkDoctor(tx, options.body.doctor));
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

function stripUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * DELETE patients/{id}/: a soft delete. Referrals, reports and the audit log refer to the patient, and the
 * house rule is never to lose data, so the record stays with status 'deleted' and is then seen by nobody.
 * Only the establishment that owns the record may delete it; one that sees it through an MRN or a referral
 * gets 403.
 */
export async function deletePatient(
  db: Database,
  options: { caller: Caller; actor: AuditActor; id: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findVisiblePatient(tx, options.caller, options.id, { lock: true });
    if (!row) throw notFound();
    if (row.establishment_id !== patientEstablishmentOf(options.caller)) throw permissionDenied();
    await tx
      .update(patients)
      .set({ status: DELETED_PATIENT_STATUS, version: sql`${patients.version} + 1`, updated_at: new Date() })
      .where(eq(patients.id, row.id));
    await recordAudit(tx, options.actor, {
      action: 'patient.delete',
      resourceType: 'patient',
      resourceId: row.id,
      patientId: row.id,
      detail: { previous_status: row.status },
    });
  });
}
