import type { EmrPatientSearch } from '@referrals/domain/clinical-record/emr-patient-schemas';
import { EMR_SEARCH_LIMIT } from '@referrals/domain/clinical-record/emr-patient-schemas';
import { IHI_SYSTEM, MEDICARE_SYSTEM, type FhirPatient } from '@referrals/domain/clinical-record/fhir-record';
import { recordCall, type RecordSession } from './read-record.ts';

/** What a Patient search at the record system narrows by; every criterion given must hold. */
export type RecordPatientCriteria = Omit<EmrPatientSearch, 'launch'>;

type PatientBundle = { entry?: { resource?: FhirPatient | { resourceType?: string; id?: string } }[] };

/**
 * One Patient search at the record system (FHIR R4 search: family, given and name match the start of a
 * name, case-insensitively; identifier is exact), at most EMR_SEARCH_LIMIT patients. A record system that
 * will not let the launch search its patients (403) has given us nobody.
 */
export async function findRecordPatients(
  session: RecordSession,
  criteria: RecordPatientCriteria,
): Promise<FhirPatient[]> {
  const query = new URLSearchParams();
  if (criteria.family) query.append('family', criteria.family);
  if (criteria.given) query.append('given', criteria.given);
  if (criteria.birthdate) query.append('birthdate', criteria.birthdate);
  if (criteria.medicare) query.append('identifier', medicareTokens(criteria.medicare));
  if (criteria.ihi) query.append('identifier', `${IHI_SYSTEM}|${criteria.ihi}`);
  query.append('_count', String(EMR_SEARCH_LIMIT));
  const bundle = (await recordCall(session, 'GET', `Patient?${query.toString()}`)) as
    PatientBundle | undefined;
  // A search may include an OperationOutcome about the search itself; only the patients are read.
  return (bundle?.entry ?? [])
    .map((entry) => entry.resource)
    .filter((resource): resource is FhirPatient => resource?.resourceType === 'Patient' && !!resource.id)
    .slice(0, EMR_SEARCH_LIMIT);
}

/**
 * AU Base writes the individual reference number after the card number, and a record may or may not keep
 * it; a token search is exact. A card number alone is therefore searched as itself or followed by each
 * reference number, 1 to 9, in one search (a comma is FHIR's "or").
 */
function medicareTokens(medicare: string): string {
  const values =
    medicare.length === 11
      ? [medicare]
      : [medicare, ...Array.from({ length: 9 }, (_, i) => `${medicare}${i + 1}`)];
  return values.map((value) => `${MEDICARE_SYSTEM}|${value}`).join(',');
}
