import type { Patient } from '@medplum/fhirtypes';
import { ihiIdentifier, medicareIdentifier, practiceMrnIdentifier } from './au-identifiers.ts';
import { PRACTICE, PRACTITIONER_IDS } from './practitioners.ts';

type SandboxPatient = {
  id: string;
  given: string[];
  family: string;
  gender: 'female' | 'male';
  birthDate: string;
  address: { line: string; city: string; postalCode: string };
  phone: string;
  medicare: { firstEight: string; issueNumber: number; irn: number };
  ihiStem: string;
  mrn: string;
};

const PEOPLE = {
  thompson: {
    id: 'margaret-thompson',
    given: ['Margaret', 'Anne'],
    family: 'Thompson',
    gender: 'female',
    birthDate: '1958-04-12',
    address: { line: '7 Darling Street', city: 'Balmain', postalCode: '2041' },
    phone: '0412 345 678',
    medicare: { firstEight: '29501234', issueNumber: 1, irn: 1 },
    ihiStem: '800360123456781',
    mrn: 'HFM-001024',
  },
  nguyen: {
    id: 'james-nguyen',
    given: ['James'],
    family: 'Nguyen',
    gender: 'male',
    birthDate: '1979-09-03',
    address: { line: '41 Illawarra Road', city: 'Marrickville', postalCode: '2204' },
    phone: '0423 456 789',
    medicare: { firstEight: '36127845', issueNumber: 2, irn: 1 },
    ihiStem: '800360234567892',
    mrn: 'HFM-002311',
  },
  chen: {
    id: 'olivia-chen',
    given: ['Olivia'],
    family: 'Chen',
    gender: 'female',
    birthDate: '2015-06-21',
    address: { line: '3/18 Norton Street', city: 'Leichhardt', postalCode: '2040' },
    phone: '0434 567 890',
    medicare: { firstEight: '25849013', issueNumber: 1, irn: 3 },
    ihiStem: '800360345678903',
    mrn: 'HFM-003578',
  },
  oconnor: {
    id: 'daniel-oconnor',
    given: ['Daniel'],
    family: "O'Connor",
    gender: 'male',
    birthDate: '1992-11-30',
    address: { line: '88 Victoria Road', city: 'Rozelle', postalCode: '2039' },
    phone: '0445 678 901',
    medicare: { firstEight: '42178309', issueNumber: 1, irn: 1 },
    ihiStem: '800360456789014',
    mrn: 'HFM-004402',
  },
} satisfies Record<string, SandboxPatient>;

export type PatientKey = keyof typeof PEOPLE;

/** The seeded patients' FHIR ids by a short name, e.g. `patientIds.thompson`. */
export const PATIENT_IDS = {
  thompson: PEOPLE.thompson.id,
  nguyen: PEOPLE.nguyen.id,
  chen: PEOPLE.chen.id,
  oconnor: PEOPLE.oconnor.id,
} satisfies Record<PatientKey, string>;

export const PATIENTS: Patient[] = Object.values(PEOPLE).map((person: SandboxPatient) => ({
  resourceType: 'Patient',
  id: person.id,
  identifier: [
    medicareIdentifier(person.medicare.firstEight, person.medicare.issueNumber, person.medicare.irn),
    ihiIdentifier(person.ihiStem),
    practiceMrnIdentifier(person.mrn),
  ],
  active: true,
  name: [{ use: 'official', given: person.given, family: person.family }],
  telecom: [{ system: 'phone', value: person.phone, use: 'mobile' }],
  gender: person.gender,
  birthDate: person.birthDate,
  address: [
    {
      use: 'home',
      line: [person.address.line],
      city: person.address.city,
      state: 'NSW',
      postalCode: person.address.postalCode,
      country: 'AU',
    },
  ],
  generalPractitioner: [
    { reference: `Practitioner/${PRACTITIONER_IDS.mitchell}`, display: 'Dr Sarah Mitchell' },
  ],
  managingOrganization: { reference: `Organization/${PRACTICE.id}`, display: PRACTICE.name },
}));
