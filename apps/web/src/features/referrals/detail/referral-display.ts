import type { Referral } from '@referrals/domain/referrals/referral-schemas';

/** The patient's name as the page heading shows it, or a placeholder for a draft copied without one. */
export function referralPatientName(referral: Referral): string {
  const patient = referral.patient;
  return patient === null ? 'No patient yet' : `${patient.first_name} ${patient.last_name}`.trim();
}

/** Who the receiver named: the assignee, a typed name, or no named specialist (section 3 Referral). */
export function receiverPerson(referral: Referral): string {
  if (referral.assignee !== null) return referral.assignee.name;
  if (referral.assignee_other !== null && referral.assignee_other !== '') return referral.assignee_other;
  return referral.no_named_specialist ? 'No named specialist' : 'Specialist not chosen yet';
}

/**
 * To whom the referrer's contact details stay hidden, as a phrase (section 3 hide_referrer_contact flags), for the
 * sender's own reminder; the receiver side is never sent those details.
 */
export function hiddenContactAudiences(referral: Referral): string | null {
  const audiences = [
    referral.hide_referrer_contact_from_patient ? 'the patient' : null,
    referral.hide_referrer_contact_from_assignee ? 'the assignee' : null,
    referral.hide_referrer_contact_from_others ? 'others' : null,
  ].filter((audience): audience is string => audience !== null);
  if (audiences.length === 0) return null;
  const last = audiences.pop() as string;
  return audiences.length === 0 ? last : `${audiences.join(', ')} and ${last}`;
}

/** The typed receiver details of a MANUAL referral, one line each, leaving out blanks. */
export function manualReceiverLines(referral: Referral): string[] {
  const name = [
    referral.referral_receiver_title,
    referral.referral_receiver_first_name,
    referral.referral_receiver_last_name,
  ]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  const place = [
    referral.referral_receiver_establishment_city,
    referral.referral_receiver_establishment_state,
    referral.referral_receiver_establishment_postcode,
  ]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  return [
    name,
    referral.referral_receiver_establishment_practice_name,
    referral.referral_receiver_establishment_department_name,
    referral.referral_receiver_establishment_address1,
    place,
    referral.referral_receiver_establishment_phone1,
    referral.referral_receiver_establishment_email,
  ].filter((line): line is string => line !== null && line !== '');
}
