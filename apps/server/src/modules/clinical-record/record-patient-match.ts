import type {
  EmrPatientVerifyStatus,
  RecordPatient,
} from '@referrals/domain/clinical-record/emr-patient-schemas';
import { recordPatientOf, type FhirPatient } from '@referrals/domain/clinical-record/fhir-record';
import type { patients } from '../../db/schema/patients.ts';
import type { RecordPatientCriteria } from './find-record-patients.ts';

type PatientRow = typeof patients.$inferSelect;
type ComparablePatient = Omit<RecordPatient, 'id'>;
type AddressParts = {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
};

/** The record's patient as the screens list it, through the same reading as a launch's patient. */
export function recordPatientFrom(patient: FhirPatient): RecordPatient {
  const read = recordPatientOf(patient);
  return {
    id: patient.id ?? '',
    first_name: read.first_name ?? null,
    last_name: read.last_name ?? null,
    dob: read.dob ?? null,
    sex: typeof read.sex === 'string' && read.sex !== '' ? read.sex : null,
    medicare: medicareOf(read.pub_insurance_details, read.medicare_ref_num),
    ihi: read.ihi ?? null,
    address: addressLine(read),
  };
}

function comparableOf(row: PatientRow): ComparablePatient {
  return {
    first_name: row.first_name,
    last_name: row.last_name,
    dob: row.dob,
    sex: row.sex,
    medicare: medicareOf(row.pub_insurance_details, row.medicare_ref_num),
    ihi: row.ihi,
    address: addressLine(row),
  };
}

const medicareOf = (card: string | null | undefined, irn: string | null | undefined) =>
  card ? `${card}${irn ?? ''}` : null;

/** "7 Darling Street, Balmain NSW 2041". */
function addressLine(parts: AddressParts): string | null {
  const place = [parts.city, parts.state, parts.postcode].filter(Boolean).join(' ');
  return [parts.address1, parts.address2, place].filter(Boolean).join(', ') || null;
}

/**
 * How a Referrals patient is looked for in the record (spec section 7, emr-patient-verify): by IHI, else by
 * Medicare number, else by family name, first given name and date of birth. One search per patient, so a
 * batch of 50 is 50 calls; the strongest identifier the patient has decides.
 */
export function criteriaFor(row: PatientRow): RecordPatientCriteria {
  if (row.ihi) return { ihi: row.ihi };
  const medicare = medicareOf(row.pub_insurance_details, row.medicare_ref_num);
  if (medicare) return { medicare };
  return {
    family: beforeApostrophe(row.last_name),
    given: beforeApostrophe(firstWord(row.first_name)),
    birthdate: row.dob,
  };
}

/**
 * A name search matches the start of a name exactly as written, and records keep O'Connor with a straight or
 * a curly apostrophe: the part before it is searched (with the date of birth, a short list) and the whole
 * name is compared here.
 */
const beforeApostrophe = (name: string) => name.split(/['’‘`]/)[0]?.trim() || name;

// Curly apostrophes, doubled spaces and case are how the same name is typed differently, not a difference.
const normalised = (value: string | null | undefined) =>
  (value ?? '').replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
const firstWord = (value: string) => value.trim().split(/\s+/)[0] ?? '';
const addressKey = (value: string | null) => normalised(value).replace(/[.,]/g, '').replace(/\s+/g, ' ');

/** A middle name kept in one record only does not make two people: family and first given name decide. */
function sameNames(a: ComparablePatient, b: ComparablePatient): boolean {
  return (
    normalised(a.last_name) !== '' &&
    normalised(a.last_name) === normalised(b.last_name) &&
    firstWord(normalised(a.first_name)) === firstWord(normalised(b.first_name))
  );
}

const COMPARED_FIELDS: { label: string; same: (a: ComparablePatient, b: ComparablePatient) => boolean }[] = [
  { label: 'first name', same: (a, b) => normalised(a.first_name) === normalised(b.first_name) },
  { label: 'last name', same: (a, b) => normalised(a.last_name) === normalised(b.last_name) },
  { label: 'date of birth', same: (a, b) => (a.dob ?? '') === (b.dob ?? '') },
  { label: 'sex', same: (a, b) => (a.sex ?? '') === (b.sex ?? '') },
  { label: 'Medicare number', same: (a, b) => (a.medicare ?? '') === (b.medicare ?? '') },
  { label: 'IHI', same: (a, b) => (a.ihi ?? '') === (b.ihi ?? '') },
  { label: 'address', same: (a, b) => addressKey(a.address) === addressKey(b.address) },
];

/** The fields that differ, for the user to see before trusting the match; a value only one side has counts. */
function differencesBetween(a: ComparablePatient, b: ComparablePatient): string[] {
  return COMPARED_FIELDS.filter((field) => !field.same(a, b)).map((field) => field.label);
}

export type RecordPatientMatch = {
  status: EmrPatientVerifyStatus;
  record_patient: RecordPatient | null;
  differences: string[];
};

/**
 * Verified is exactly one record patient with the same date of birth and names. Someone who shares only
 * the date of birth or the names (a card-mate with the same name, a birthday typed wrong) is ambiguous and
 * shown when there is one; several are ambiguous and none shown; nobody plausible is not found, so a
 * parent on the child's Medicare card is not offered as the child.
 */
export function matchRecordPatient(row: PatientRow, found: FhirPatient[]): RecordPatientMatch {
  const patient = comparableOf(row);
  const candidates = found.map(recordPatientFrom);
  const sameDob = (c: RecordPatient) => c.dob === patient.dob;
  const exact = candidates.filter((c) => sameDob(c) && sameNames(c, patient));
  const plausible = candidates.filter((c) => sameDob(c) || sameNames(c, patient));
  const shown =
    exact.length === 1 ? exact[0] : exact.length === 0 && plausible.length === 1 ? plausible[0] : undefined;
  const status: EmrPatientVerifyStatus =
    exact.length === 1 ? 'verified' : plausible.length === 0 ? 'not_found' : 'ambiguous';
  return {
    status,
    record_patient: shown ?? null,
    differences: shown ? differencesBetween(patient, shown) : [],
  };
}
