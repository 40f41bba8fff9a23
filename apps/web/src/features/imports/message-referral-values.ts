import type { ImportMessageDetails } from '@referrals/domain/imports/import-schemas';
import { emptyManualReferral, type ManualReferralValues } from './manual-referral-fields';

/**
 * The convert form filled in from what an HL7 message said (docs/interop.md, Receiving): the patient as
 * the letter gives them, the referrer from its PRD and the reason as the referrer's message. The staff
 * check these against the letter before recording; nothing here is saved until they do.
 */
export function manualReferralFromMessage(details: ImportMessageDetails): ManualReferralValues {
  const empty = emptyManualReferral();
  const { patient, referrer, referral } = details;
  return {
    ...empty,
    patientMode: 'letter',
    new_patient: {
      first_name: patient.first_name,
      last_name: patient.last_name,
      dob: patient.dob,
      // PID-8 is the administrative sex: the nearest the message has to the sex at birth asked here.
      sex_at_birth: patient.sex,
      pub_insurance_details: patient.medicare_number ?? '',
      medicare_ref_num: patient.medicare_ref_num ?? '',
      phone: patient.phone ?? '',
    },
    referrer: {
      ...empty.referrer,
      title: referrer.title,
      first_name: referrer.first_name ?? '',
      last_name: referrer.last_name,
      practice_name: referrer.practice_name ?? '',
      provider_number: referrer.provider_number ?? '',
      phone: referrer.phone ?? '',
    },
    referrer_message: referral.reason ?? '',
  };
}
