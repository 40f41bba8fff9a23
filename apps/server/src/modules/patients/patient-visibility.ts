import { sql, type SQL } from 'drizzle-orm';
import { patients, visiblePatients } from '../../db/schema/patients.ts';
import { isSystemCaller, type Reader } from '../tenancy/caller.ts';
import { canSeePatientData, isLimitedMode } from '@referrals/domain/people/access-rules';

/**
 * Patient tenancy, in one place (house-style: one visibility function per entity). Every patient query and
 * write, and the carers and MRNs under a patient, go through `patientsVisibleTo`; a patient outside it is
 * answered like a missing one (404), so ids cannot be probed.
 *
 * The caller's current establishment may see a patient when it:
 * - owns the record (created it: patients.establishment_id);
 * - holds an MRN for the patient (patient_mrns.establishment_id);
 * - sent a referral about the patient (any not deleted, drafts too), or received one (submitted, not a
 *   draft, not deleted).
 * A record deleted through DELETE patients/{id}/ (status 'deleted', kept for the referrals that name it)
 * is seen by nobody. A caller without a current establishment (a patient user, a provider with no
 * accessible employment) sees no patient, nor does one whose employment is not approved yet.
 */

/** The status a deleted patient record keeps (patients are never removed: referrals refer to them). */
export const DELETED_PATIENT_STATUS = 'deleted';

/**
 * The establishment whose patients the caller sees: the current one, once the caller's employment there is
 * approved (or it is their personal space); else null, and every patient route answers as if there were
 * none (canSeePatientData). A backend service sees its establishment's (docs/interop.md).
 */
export function patientEstablishmentOf(caller: Reader): string | null {
  if (isSystemCaller(caller)) return caller.establishmentId;
  if (!caller.current || !canSeePatientData(caller.current) || isLimitedMode(caller.access)) return null;
  return caller.current.establishment.id;
}

/**
 * The SQL condition on `patients` for the records the caller's current establishment may see: one primary
 * key lookup in visible_patients, which the database keeps from the reasons above (migration 0010).
 */
export function patientsVisibleTo(caller: Reader): SQL {
  return patientsVisibleAt(patientEstablishmentOf(caller));
}

/**
 * The same condition for an establishment rather than a caller: the records `establishmentId` sees (none
 * for null). A referral sent through a public portal has no caller, only the establishment it goes to.
 */
export function patientsVisibleAt(establishmentId: string | null): SQL {
  if (establishmentId === null) return sql`false`;
  return sql`exists (select 1 from ${visiblePatients} v
    where v.establishment_id = ${establishmentId} and v.patient_id = ${patients.id})`;
}
