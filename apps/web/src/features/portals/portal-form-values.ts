import {
  externalReferralProblems,
  type ExternalPatient,
  type ExternalReferralDraft,
  type ExternalReferralDraftWrite,
  type ExternalSender,
} from '@referrals/domain/portals/external-referral-schemas';
import type { PortalSenderType } from '@referrals/domain/portals/portal-schemas';

/** What the portal's form holds: the draft's own fields (the templates' answers are kept beside it). */
export type PortalFormValues = {
  sender_type: PortalSenderType | null;
  sender: ExternalSender;
  patient: ExternalPatient;
  referrer_message: string;
  consent: boolean;
};

/** The template answers, by template name then field name (the draft's `forms`). */
export type PortalForms = NonNullable<ExternalReferralDraftWrite['forms']>;

const SENDER_TEXT = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'practice_name',
  'provider_number',
] as const;
const PATIENT_TEXT = [
  'first_name',
  'last_name',
  'dob',
  'pub_insurance_details',
  'medicare_ref_num',
  'email',
  'phone',
  'address1',
  'city',
  'postcode',
] as const;

/** An empty form for a sender type (the only one the portal allows is chosen for the sender). */
export function emptyPortalForm(senderType: PortalSenderType | null): PortalFormValues {
  return {
    sender_type: senderType,
    sender: { ...Object.fromEntries(SENDER_TEXT.map((name) => [name, ''])), relation: null, role: null },
    patient: {
      ...Object.fromEntries(PATIENT_TEXT.map((name) => [name, ''])),
      sex_at_birth: null,
      concession_type: null,
      state: null,
    },
    referrer_message: '',
    consent: false,
  };
}

/** The form as a saved draft left it (a reload): its nulls are empty inputs. */
export function portalFormOf(
  draft: ExternalReferralDraft,
  fallbackType: PortalSenderType | null,
): PortalFormValues {
  const empty = emptyPortalForm(draft.sender_type ?? fallbackType);
  const filled = <T extends object>(base: T, saved: T): T =>
    Object.fromEntries(
      Object.entries(base).map(([name, value]) => [name, (saved as Record<string, unknown>)[name] ?? value]),
    ) as T;
  return {
    ...empty,
    sender: filled(empty.sender, draft.sender),
    patient: filled(empty.patient, draft.patient),
    referrer_message: draft.referrer_message ?? '',
    consent: draft.consent,
  };
}

/** Trimmed text, or null for nothing (section 5 Patient save: empty strings become null). */
const orNull = (value: unknown) => {
  if (typeof value !== 'string') return value ?? null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const nulled = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name, orNull(value)])) as T;

/**
 * The body of a draft save: every field as it stands, empty ones as null. A patient sender's practice and
 * provider number are not sent (section 5: a provider number is dropped for patient submitters); nor are a
 * professional's relation to the patient.
 */
export function draftWriteOf(values: PortalFormValues, forms: PortalForms): ExternalReferralDraftWrite {
  const sender = nulled(values.sender);
  if (values.sender_type === 'PATIENT') {
    sender.role = null;
    sender.practice_name = null;
    sender.provider_number = null;
  } else if (values.sender_type === 'PROVIDER') {
    sender.relation = null;
  }
  return {
    ...(values.sender_type === null ? {} : { sender_type: values.sender_type }),
    sender,
    patient: nulled(values.patient),
    referrer_message: orNull(values.referrer_message) as string | null,
    forms,
    consent: values.consent,
  };
}

/**
 * The fields a sender of this type must fill in, as form paths (`sender.first_name`): the domain's own
 * check run on an empty draft, so the asterisks and the submit agree.
 */
export function requiredFieldsOf(senderType: PortalSenderType | null): ReadonlySet<string> {
  const problems = externalReferralProblems({
    sender_type: senderType,
    sender: {},
    patient: {},
    referrer_message: null,
    consent: false,
  });
  const paths = Object.entries(problems).flatMap(([name, value]) =>
    Array.isArray(value) ? [name] : Object.keys(value).map((field) => `${name}.${field}`),
  );
  return new Set(paths);
}
