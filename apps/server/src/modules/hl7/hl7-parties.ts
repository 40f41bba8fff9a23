import type { Hl7Segment } from '@medplum/core';
import type { Sex } from '@referrals/domain/patients/patient-codes';
import { titles } from '@referrals/domain/people/people-codes';
import {
  DVA_AUTHORITY,
  LOCAL_CODES,
  MEDICARE_AUTHORITY,
  PROVIDER_NUMBER_AUTHORITY,
  SEX_CODES,
} from './hl7-codes.ts';
import { Hl7Repeated, hl7Date, hl7Segment, type Hl7Occurrence, type Hl7Text } from './hl7-fields.ts';

// The people and places of a message as HL7 v2 writes them: the patient (PID), the providers (PRD, XCN)
// and the establishments (HD). The values are plain data read by the caller, already checked as visible.

/** An establishment: named in HD as its name, with its id as the universal id (GUID). */
export type Hl7Place = {
  id: string | null;
  name: string;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
  phone1?: string | null;
};

/** A provider: the name, and the Medicare provider number when there is one. */
export type Hl7Person = {
  title?: string | null;
  first_name: string;
  last_name: string;
  provider_number?: string | null;
};

export type Hl7Patient = {
  title?: string | null;
  first_name: string;
  last_name: string;
  dob: string;
  sex?: string | null;
  ihi?: string | null;
  pub_insurance_type?: string | null;
  pub_insurance_details?: string | null;
  medicare_ref_num?: string | null;
  phone?: string | null;
  email?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
  /** Medical record numbers, each with the establishment that assigned it. */
  mrns: { number: string; place: Hl7Place }[];
};

/** HD: the name as namespace, the id as universal id of type GUID (a place outside the product has none). */
export function placeHd(place: Hl7Place): Hl7Text[] {
  return [place.name, place.id, place.id === null ? null : 'GUID'];
}

/**
 * PID-3: the IHI (AUSHIC, NI), the Medicare number with its individual reference number appended (AUSHIC,
 * MC), a DVA file number (AUSDVA, DVA) and each MRN (MR, the assigning establishment as CX-6).
 */
function patientIdentifiers(patient: Hl7Patient): Hl7Repeated {
  const insurance = patient.pub_insurance_details?.replace(/\s+/g, '') || null;
  const occurrences: Hl7Occurrence[] = [
    patient.ihi ? [patient.ihi, null, null, MEDICARE_AUTHORITY, 'NI'] : null,
    insurance && patient.pub_insurance_type !== 'DVA' && patient.pub_insurance_type !== 'OTHR'
      ? [`${insurance}${patient.medicare_ref_num ?? ''}`, null, null, MEDICARE_AUTHORITY, 'MC']
      : null,
    insurance && patient.pub_insurance_type === 'DVA' ? [insurance, null, null, DVA_AUTHORITY, 'DVA'] : null,
    ...patient.mrns.map((mrn) => [mrn.number, null, null, null, 'MR', placeHd(mrn.place)]),
  ];
  return new Hl7Repeated(occurrences);
}

/** A title as people write it ("Dr"), not our code ("DR"). */
function titleText(title: string | null | undefined): string | null {
  if (!title) return null;
  return titles.isCode(title) ? titles.display(title) : title;
}

/** XPN: family ^ given ^ middle ^ suffix ^ prefix (the title) ^ degree ^ name type (L, legal). */
function personName(person: { title?: string | null; first_name: string; last_name: string }) {
  return [person.last_name, person.first_name, null, null, titleText(person.title), null, 'L'];
}

/** XAD: street ^ other designation ^ city ^ state ^ postcode ^ country ^ address type. */
function address(
  place: {
    address1?: string | null;
    address2?: string | null;
    city?: string | null;
    state?: string | null;
    postcode?: string | null;
  },
  type: 'H' | 'B',
) {
  const any = place.address1 || place.address2 || place.city || place.postcode;
  return any ? [place.address1, place.address2, place.city, place.state, place.postcode, 'AUS', type] : null;
}

/** PID: the patient's identifiers, name, birth date, sex, home address, phone and email. */
export function pidSegment(patient: Hl7Patient): Hl7Segment {
  const sex = patient.sex ? SEX_CODES[patient.sex as Sex] : null;
  return hl7Segment('PID', [
    '1',
    null,
    patientIdentifiers(patient),
    null,
    personName(patient),
    null,
    hl7Date(patient.dob),
    sex,
    null,
    null,
    address(patient, 'H'),
    null,
    new Hl7Repeated([
      patient.phone ? [patient.phone, 'PRN', 'PH'] : null,
      patient.email ? [null, 'NET', 'Internet', patient.email] : null,
    ]),
  ]);
}

/** PRD-1 (table 0286): the referring provider, and the provider referred to. */
export const PROVIDER_ROLES = {
  RP: 'Referring Provider',
  RT: 'Referred to Provider',
} as const;

/**
 * PRD: the provider's role, name, practice address, practice (PL-4, its HD), phone and provider number
 * (PRD-7: the number, of type AUSHICPR). A receiver without a named specialist is the practice alone.
 */
export function prdSegment(
  role: keyof typeof PROVIDER_ROLES,
  person: Hl7Person | null,
  place: Hl7Place,
): Hl7Segment {
  return hl7Segment('PRD', [
    [role, PROVIDER_ROLES[role], 'HL70286'],
    person ? personName(person) : null,
    address(place, 'B'),
    [null, null, null, placeHd(place)],
    place.phone1 ? [place.phone1, 'WPN', 'PH'] : null,
    null,
    person?.provider_number ? [person.provider_number, PROVIDER_NUMBER_AUTHORITY] : null,
  ]);
}

/**
 * XCN (ORC-12, OBR-16): provider number ^ family ^ given ^ middle ^ suffix ^ prefix ^ degree ^ source table
 * ^ assigning authority (AUSHICPR) ^ name type ^ check digit ^ its scheme ^ identifier type (UPIN).
 */
export function providerXcn(person: Hl7Person) {
  const number = person.provider_number || null;
  return [
    number,
    person.last_name,
    person.first_name,
    null,
    null,
    titleText(person.title),
    null,
    null,
    number ? PROVIDER_NUMBER_AUTHORITY : null,
    'L',
    null,
    null,
    number ? 'UPIN' : null,
  ];
}

/**
 * NDL (OBR-32): the person as one component of subcomponents (CNN), with the provider number's authority:
 * the first nine components of their XCN.
 */
export function providerNdl(person: Hl7Person) {
  return [providerXcn(person).slice(0, 9)];
}

/** A CWE: the HL7 table's code and text, and ours as the alternate in the local coding system. */
export function codedWithOurs(
  hl7: { code: string; display: string },
  table: string,
  ours: { code: string; display: string },
) {
  return [hl7.code, hl7.display, table, ours.code, ours.display, LOCAL_CODES];
}
