import type { Referral, ReferralWrite } from '@referrals/domain/referrals/referral-schemas';

/**
 * What the wizard's steps edit, as the form holds it. Text is '' in the form and null in the API. The
 * receiver and patient are kept with their names, so the steps can show the choice without a lookup.
 */
export type DraftValues = {
  to_establishment: { id: string; name: string } | null;
  assignee: string | null;
  no_named_specialist: boolean;
  patient: { id: string; name: string } | null;
  referrer_message: string;
  referrer_provider_num: string;
  supervisor_name: string;
  supervisor_provider_number: string;
  supervisor_email: string;
  duration: number;
  automatic_renewal: boolean;
  email_notify_referrer: boolean;
  email_notify_patient: boolean;
  email_copy_to_patient: boolean;
  email_copy_to_referrer: boolean;
  hide_referrer_contact_from_patient: boolean;
  hide_referrer_contact_from_assignee: boolean;
  hide_referrer_contact_from_others: boolean;
};

const TEXT_FIELDS = [
  'referrer_message',
  'referrer_provider_num',
  'supervisor_name',
  'supervisor_provider_number',
  'supervisor_email',
] as const;

const FLAG_FIELDS = [
  'no_named_specialist',
  'automatic_renewal',
  'email_notify_referrer',
  'email_notify_patient',
  'email_copy_to_patient',
  'email_copy_to_referrer',
  'hide_referrer_contact_from_patient',
  'hide_referrer_contact_from_assignee',
  'hide_referrer_contact_from_others',
] as const;

/** The values of a draft not yet created: the server's defaults arrive with the draft itself. */
export function newDraftValues(): DraftValues {
  return {
    to_establishment: null,
    assignee: null,
    patient: null,
    ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])) as Record<
      (typeof TEXT_FIELDS)[number],
      string
    >),
    duration: 12,
    ...(Object.fromEntries(FLAG_FIELDS.map((name) => [name, false])) as Record<
      (typeof FLAG_FIELDS)[number],
      boolean
    >),
  };
}

export function draftValuesOf(referral: Referral): DraftValues {
  const values = newDraftValues();
  for (const name of TEXT_FIELDS) values[name] = referral[name] ?? '';
  for (const name of FLAG_FIELDS) values[name] = referral[name];
  return {
    ...values,
    to_establishment: referral.to_establishment,
    assignee: referral.assignee?.id ?? null,
    patient:
      referral.patient === null
        ? null
        : {
            id: referral.patient.id,
            name: `${referral.patient.first_name} ${referral.patient.last_name}`,
          },
    duration: referral.duration,
  };
}

/** The PATCH body: every field the wizard edits, so each save leaves the draft as the screen shows it. */
export function draftWrite(values: DraftValues): ReferralWrite {
  const write: ReferralWrite = {
    to_establishment: values.to_establishment?.id ?? null,
    assignee: values.no_named_specialist ? null : values.assignee,
    patient: values.patient?.id ?? null,
    duration: values.duration,
  };
  for (const name of TEXT_FIELDS) write[name] = values[name].trim() === '' ? null : values[name];
  for (const name of FLAG_FIELDS) write[name] = values[name];
  return write;
}
