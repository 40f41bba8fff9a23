import type { Practitioner } from '@medplum/fhirtypes';
import { PRACTITIONERS } from './seed/practitioners.ts';

/** Every sandbox practitioner signs in with this password; it is a development tool, not a record system. */
export const SANDBOX_PASSWORD = 'sandbox';

export function emailOf(practitioner: Practitioner): string {
  return practitioner.telecom?.find((telecom) => telecom.system === 'email')?.value ?? '';
}

export function displayNameOf(practitioner: Practitioner): string {
  const name = practitioner.name?.[0];
  return [...(name?.prefix ?? []), ...(name?.given ?? []), name?.family].filter(Boolean).join(' ');
}

export function findPractitioner(id: string): Practitioner | undefined {
  return PRACTITIONERS.find((practitioner) => practitioner.id === id);
}

/** The practitioner these credentials sign in, if they are right. */
export function signInPractitioner(email: string, password: string): Practitioner | undefined {
  const practitioner = PRACTITIONERS.find((p) => emailOf(p).toLowerCase() === email.trim().toLowerCase());
  return practitioner && password === SANDBOX_PASSWORD ? practitioner : undefined;
}

/** The ID token's claims for a practitioner; fhirUser is absolute, as SMART App Launch requires. */
export function practitionerClaims(practitioner: Practitioner, fhirBaseUrl: string) {
  const name = practitioner.name?.[0];
  return {
    sub: practitioner.id ?? '',
    fhirUser: `${fhirBaseUrl}/Practitioner/${practitioner.id}`,
    email: emailOf(practitioner),
    name: displayNameOf(practitioner),
    given_name: name?.given?.join(' ') ?? '',
    family_name: name?.family ?? '',
  };
}
