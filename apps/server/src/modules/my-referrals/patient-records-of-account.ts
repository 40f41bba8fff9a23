import { sql, type SQL } from 'drizzle-orm';

/**
 * The patient records that are the account's own person (docs/my-referrals.md): those linked to it
 * (`patients.user_id`), and, for a patient account whose email address is verified, records at any
 * establishment with that email and the account's date of birth. Both must match, so a shared family
 * address does not show one person another's referrals; the lookup walks patients_email_dob_idx. A
 * subquery of patient ids, for `patient_id in (...)`.
 */
export function patientRecordsOfAccount(userId: string): SQL {
  return sql`select p.id from patients p join users u on u.id = ${userId} and u.user_type = 'patient'
    where p.user_id = u.id
    union
    select p.id from patients p join users u
      on lower(p.email) = lower(u.email) and p.dob = u.dob
    where u.id = ${userId} and u.user_type = 'patient' and u.email_verified_at is not null`;
}
