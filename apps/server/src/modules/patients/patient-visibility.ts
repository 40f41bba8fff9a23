import { sql, type SQL } from 'drizzle-orm';
import { patientMrns, patients } from '../../db/schema/patients.ts';
import { referrals } from '../../db/schema/referrals.ts';
import type { Caller } from '../tenancy/caller.ts';
import { canSeePatientData } from '@referrals/domain/people/access-rules';

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
 * none (canSeePatientData).
 */
export function patientEstablishmentOf(caller: Caller): string | null {
  if (!caller.current || !canSeePatientData(caller.current)) return null;
  return caller.current.establishment.id;
}

/**
 * The SQL condition on `patients` for the records the caller's current establishment may see. Written as
 * `id = any(array(union of indexed lookups))` rather than ORed EXISTS: each branch uses its index
 * (patients_establishment_name_idx, patient_mrns_establishment_number_idx, referrals_outbox_idx and
 * referrals_inbox_idx), and the array is computed once, so the planner fetches the visible patients by
 * primary key and filters them, instead of scanning every patient (`id in (...)` let it choose a sequential
 * scan and a hash join: ~500 ms at 200,000 patients in bench/patient-search.ts).
 */
export function patientsVisibleTo(caller: Caller): SQL {
  const establishmentId = patientEstablishmentOf(caller);
  if (establishmentId === null) return sql`false`;
  return sql`(${patients.status} <> ${DELETED_PATIENT_STATUS} and ${patients.id} = any(array(
    select p.id from ${patients} p where p.establishment_id = ${establishmentId}
    union
    select m.patient_id from ${patientMrns} m where m.establishment_id = ${establishmentId}
    union
    select r.patient_id from ${referrals} r
    where r.patient_id is not null and not r.is_deleted
      and (r.from_establishment_id = ${establishmentId}
        or (r.to_establishment_id = ${establishmentId} and r.status <> 'DRFT'))
  )))`;
}

/**
 * Narrower than visibility, for `within_establishment`: records the establishment owns or holds an MRN
 * for, not those it sees only through referrals.
 */
export function patientsWithinEstablishment(establishmentId: string): SQL {
  return sql`(${patients.establishment_id} = ${establishmentId} or ${patients.id} in (
    select m.patient_id from ${patientMrns} m where m.establishment_id = ${establishmentId}))`;
}
