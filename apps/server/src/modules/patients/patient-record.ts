import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FieldErrors } from '@referrals/domain/api';
import {
  PATIENT_DOCTOR_ROLES,
  type CarerWrite,
  type PatientWrite,
} from '@referrals/domain/patients/patient-schemas';
import { validateCarer } from '@referrals/domain/patients/patient-save-rules';
import type { Transaction } from '../../db/database.ts';
import type { patients } from '../../db/schema/patients.ts';
import { carers, concessionCards, healthFunds, patientExternalIds } from '../../db/schema/patients.ts';
import { users } from '../../db/schema/people.ts';
import { checkVersion, throwIfErrors } from '../../http/api-errors.ts';

// What the patient, carer and MRN write functions share: a write body as columns and back, the checks
// that need the database, and the lists saved with the record.

type PatientRow = typeof patients.$inferSelect;
type PatientInsert = typeof patients.$inferInsert;
type CarerRow = typeof carers.$inferSelect;

export const STALE_PATIENT_MESSAGE =
  'This patient was changed elsewhere. Reload it and make your changes again.';
export const STALE_CARER_MESSAGE = 'This carer was changed elsewhere. Reload it and make your changes again.';
export const DOCTOR_NOT_FOUND_MESSAGE = 'Choose a doctor from the list.';
/** A carer with nothing in it but its type and state (section 5: such a non-primary carer is not saved). */
export const EMPTY_CARER_MESSAGE = 'Enter the carer’s details.';

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

export function patientColumns(prepared: PatientWrite): Partial<PatientInsert> {
  const columns: Record<string, unknown> = {};
  for (const field of PATIENT_COLUMNS) {
    if (prepared[field] !== undefined) columns[field] = prepared[field];
  }
  if (prepared.doctor !== undefined) columns.doctor_id = prepared.doctor;
  return columns;
}

/** The stored record as a write body, so a PATCH can be checked and saved as the whole record it leaves. */
export function storedAsWrite(row: PatientRow): PatientWrite {
  const write: Record<string, unknown> = { doctor: row.doctor_id };
  for (const field of PATIENT_COLUMNS) write[field] = row[field];
  return write;
}

/** A carer write as the columns of `carers` (without the patient), with the defaults of a new carer. */
export function carerColumns(carer: CarerWrite) {
  const { id: _id, version: _version, ...fields } = carer;
  return {
    ...fields,
    carer_type: carer.carer_type ?? 1,
    first_name: carer.first_name ?? '',
    last_name: carer.last_name ?? '',
    emergency_contact: carer.emergency_contact ?? false,
    next_of_kin: carer.next_of_kin ?? false,
    address_same_as_patient: carer.address_same_as_patient ?? false,
    dob: carer.dob === '' ? null : carer.dob,
  };
}

/**
 * A doctor chosen for a patient must be a provider with a clinician's role (PATIENT_DOCTOR_ROLES). The doctor
 * already on the record is not checked again, so a doctor who has since changed role does not stop the
 * record's other changes from being saved.
 */
export async function checkDoctor(
  tx: Transaction,
  doctor: string | null | undefined,
  stored: string | null = null,
): Promise<FieldErrors> {
  if (!doctor || doctor === stored) return {};
  const [found] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, doctor),
        eq(users.user_type, 'provider'),
        inArray(users.role, [...PATIENT_DOCTOR_ROLES]),
      ),
    );
  return found ? {} : { doctor: [DOCTOR_NOT_FOUND_MESSAGE] };
}

/** Saves the lists a prepared body sends (absent lists stay as they are). */
export async function saveLists(tx: Transaction, patientId: string, prepared: PatientWrite): Promise<void> {
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
          ...carerColumns(carer),
          version: sql`${carers.version} + 1`,
          updated_at: new Date(),
        })
        .where(eq(carers.id, existing));
    } else {
      await tx.insert(carers).values({ ...carerColumns(carer), patient_id: patientId });
    }
  }
  const gone = [...storedIds].filter((id) => !kept.has(id));
  if (gone.length > 0) await tx.delete(carers).where(inArray(carers.id, gone));
}

/** A stored carer as a write body, so a PATCH can be checked and saved as the whole carer it leaves. */
export function carerAsWrite(row: CarerRow): CarerWrite {
  const { id: _id, patient_id: _p, created_at: _c, updated_at: _u, version: _v, ...fields } = row;
  return { ...fields, carer_type: row.carer_type as 1 | 2 | 3 } as CarerWrite;
}

/** The section 5 carer rules: a 400 naming each field that breaks one. */
export function checkCarer(carer: CarerWrite): void {
  throwIfErrors(validateCarer(carer));
}

/** The fields a body sends, without those it leaves out. */
export function stripUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
}
