import type { Observation } from '@medplum/fhirtypes';
import { MEDICARE_PROVIDER_SYSTEM } from './seed/au-identifiers.ts';
import { PRACTITIONER_ROLES } from './seed/practitioners.ts';

/**
 * `Observation/CTX-PROVIDER` for the practitioner a token was issued to: the practitioner and their Medicare
 * provider number at the practice (their PractitionerRole's), as a launch context observation. Undefined for
 * a practitioner the sandbox does not know.
 */
export function providerContext(practitionerId: string): Observation | undefined {
  const role = PRACTITIONER_ROLES.find((r) => r.practitioner?.reference === `Practitioner/${practitionerId}`);
  const providerNumber = role?.identifier?.find((i) => i.system === MEDICARE_PROVIDER_SYSTEM)?.value;
  if (!role || !providerNumber) return undefined;
  return {
    resourceType: 'Observation',
    id: 'CTX-PROVIDER',
    status: 'final',
    code: { text: 'Launch context: provider' },
    performer: [
      { reference: `Practitioner/${practitionerId}` },
      { reference: `PractitionerRole/${role.id}` },
    ],
    valueString: providerNumber,
  };
}
