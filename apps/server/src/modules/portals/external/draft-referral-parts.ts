import type { PatientWrite } from '@referrals/domain/patients/patient-schemas';
import { NO_CONCESSION } from '@referrals/domain/portals/external-referral-schemas';
import type { ManualReferrer } from '@referrals/domain/referrals/manual-referral-schemas';
import type { DraftRow } from './draft-access.ts';

/** Blank text as none, so the records never hold an empty string. */
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Recorded for a concession card the sender called "Other": the patient record needs words for it
 * (patient save rules), and the portal does not ask for them.
 */
export const OTHER_CONCESSION_UNNAMED = 'Not named (sent through the public portal)';

/**
 * The sender as the referral's referrer outside the product (manual_referrer): a patient or carer with the
 * PATIENT_CARER role and no practice or provider number; a health professional with the role, practice and
 * provider number they gave.
 */
export function draftReferrer(draft: DraftRow): ManualReferrer {
  const { sender } = draft;
  const professional = draft.sender_type === 'PROVIDER';
  return {
    directory_doctor: null,
    title: null,
    first_name: text(sender.first_name) ?? '',
    last_name: text(sender.last_name) ?? '',
    role: professional ? (sender.role ?? 'OTHER') : 'PATIENT_CARER',
    practice_name: professional ? text(sender.practice_name) : null,
    provider_number: professional ? text(sender.provider_number) : null,
    email: text(sender.email),
    phone: text(sender.phone),
  };
}

/**
 * The patient's details as a patient record's body (PatientWriteSchema), to match or create at the
 * receiving establishment; the Medicare number counts as such (pub_insurance_type MDCR) when given.
 */
export function draftPatient(draft: DraftRow): PatientWrite {
  const { patient } = draft;
  const concession = patient.concession_type || NO_CONCESSION;
  return {
    first_name: text(patient.first_name),
    last_name: text(patient.last_name),
    dob: text(patient.dob),
    sex_at_birth: patient.sex_at_birth || null,
    pub_insurance_type: 'MDCR',
    pub_insurance_details: text(patient.pub_insurance_details),
    medicare_ref_num: text(patient.medicare_ref_num),
    email: text(patient.email),
    phone: text(patient.phone),
    address1: text(patient.address1),
    city: text(patient.city),
    state: patient.state ?? null,
    postcode: text(patient.postcode),
    concession_enabled: concession !== NO_CONCESSION,
    concession_cards:
      concession === NO_CONCESSION
        ? []
        : [{ type: concession, concession_other: concession === 'OTHER' ? OTHER_CONCESSION_UNNAMED : null }],
  };
}
