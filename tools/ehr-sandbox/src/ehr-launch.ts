import type { LaunchContexts } from './launch-contexts.ts';
import { findPractitioner } from './practitioner-accounts.ts';
import { PATIENTS } from './seed/patients.ts';
import { PRACTITIONER_IDS } from './seed/practitioners.ts';

export type LaunchRequest = {
  /** The patient open in the record; null or left out launches with no patient in context. */
  patientId?: string | null;
  /** Who presses the button; Dr Sarah Mitchell when left out. */
  practitionerId?: string;
};

export type Launch = { launch: string; launchUrl: string };

export class UnknownLaunchSubjectError extends Error {}

/**
 * An EHR launch (SMART App Launch 2.0): the record keeps the context under an opaque id and opens the app
 * at its launch URL with that id and the FHIR server (`iss`) to ask for a token from.
 */
export function createEhrLauncher(options: {
  launches: LaunchContexts;
  referralsUrl: string;
  fhirBaseUrl: string;
}): (request: LaunchRequest) => Launch {
  const referralsUrl = options.referralsUrl.replace(/\/+$/, '');
  return (request) => {
    const patientId = request.patientId || null;
    const practitionerId = request.practitionerId ?? PRACTITIONER_IDS.mitchell;
    if (!findPractitioner(practitionerId))
      throw new UnknownLaunchSubjectError(`No sandbox practitioner has the id ${practitionerId}.`);
    if (patientId && !PATIENTS.some((patient) => patient.id === patientId))
      throw new UnknownLaunchSubjectError(`No sandbox patient has the id ${patientId}.`);
    const launch = options.launches.create({ patientId, practitionerId });
    return {
      launch,
      launchUrl: `${referralsUrl}/?launch=${launch}&iss=${encodeURIComponent(options.fhirBaseUrl)}`,
    };
  };
}
