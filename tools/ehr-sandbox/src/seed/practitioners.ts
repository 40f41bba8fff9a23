import type { Organization, Practitioner, PractitionerRole } from '@medplum/fhirtypes';
import {
  AHPRA_SYSTEM,
  HPII_SYSTEM,
  HPIO_SYSTEM,
  MEDICARE_PROVIDER_SYSTEM,
  healthcareIdentifierNumber,
} from './au-identifiers.ts';

export const PRACTICE: Organization = {
  resourceType: 'Organization',
  id: 'harbourside-family-medical',
  identifier: [{ system: HPIO_SYSTEM, value: healthcareIdentifierNumber('800362123456789') }],
  active: true,
  name: 'Harbourside Family Medical Practice',
  telecom: [{ system: 'phone', value: '02 9555 0100', use: 'work' }],
  address: [
    {
      use: 'work',
      line: ['12 Wharf Road'],
      city: 'Balmain',
      state: 'NSW',
      postalCode: '2041',
      country: 'AU',
    },
  ],
};

type SandboxPractitioner = {
  id: string;
  given: string;
  family: string;
  email: string;
  hpiiStem: string;
  /** The Medicare provider number at the practice, on their PractitionerRole (AU Base). */
  providerNumber: string;
};

// Sarah Mitchell and Priya Patel have Referrals demo accounts with these emails; Alex Morgan has none, so a
// launch by a clinician Referrals does not know can be tried.
const PEOPLE = {
  mitchell: {
    id: 'sarah-mitchell',
    given: 'Sarah',
    family: 'Mitchell',
    email: 'gp@demo.test',
    hpiiStem: '800361000012345',
    providerNumber: '2426621B',
  },
  patel: {
    id: 'priya-patel',
    given: 'Priya',
    family: 'Patel',
    email: 'priya.patel@demo.test',
    hpiiStem: '800361000023456',
    providerNumber: '2451172T',
  },
  morgan: {
    id: 'alex-morgan',
    given: 'Alex',
    family: 'Morgan',
    email: 'alex.morgan@sandbox.example',
    hpiiStem: '800361000034567',
    providerNumber: '2398841F',
  },
} satisfies Record<string, SandboxPractitioner>;

export type PractitionerKey = keyof typeof PEOPLE;

/** The seeded practitioners' FHIR ids by a short name, e.g. `practitionerIds.mitchell`. */
export const PRACTITIONER_IDS = {
  mitchell: PEOPLE.mitchell.id,
  patel: PEOPLE.patel.id,
  morgan: PEOPLE.morgan.id,
} satisfies Record<PractitionerKey, string>;

export const PRACTITIONERS: Practitioner[] = Object.values(PEOPLE).map((person, i) => ({
  resourceType: 'Practitioner',
  id: person.id,
  identifier: [
    { system: HPII_SYSTEM, value: healthcareIdentifierNumber(person.hpiiStem) },
    { system: AHPRA_SYSTEM, value: `MED000${1234567 + i * 1111}` },
  ],
  active: true,
  name: [{ use: 'official', prefix: ['Dr'], given: [person.given], family: person.family }],
  telecom: [{ system: 'email', value: person.email, use: 'work' }],
}));

export const PRACTITIONER_ROLES: PractitionerRole[] = Object.values(PEOPLE).map((person) => ({
  resourceType: 'PractitionerRole',
  id: `${person.id}-gp`,
  identifier: [{ system: MEDICARE_PROVIDER_SYSTEM, value: person.providerNumber }],
  active: true,
  practitioner: { reference: `Practitioner/${person.id}` },
  organization: { reference: `Organization/${PRACTICE.id}`, display: PRACTICE.name },
  code: [
    {
      coding: [{ system: 'http://snomed.info/sct', code: '62247001', display: 'General practitioner' }],
    },
  ],
}));
