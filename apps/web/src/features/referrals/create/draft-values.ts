import type { FieldErrors } from '@referrals/domain/api';
import {
  CLINICAL_SUMMARY_SECTIONS,
  type ClinicalSummary,
  type ClinicalSummaryList,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import type {
  MedicationOrderCategory,
  MedicationOrderDraft,
} from '@referrals/domain/referrals/medication-order';
import {
  UNLISTED_RECEIVER_FIELDS,
  unlistedReceiverErrors,
  type UnlistedReceiverField,
} from '@referrals/domain/referrals/referral-receivers';
import {
  SUBMIT_REQUIRED_MESSAGE,
  type Referral,
  type ReferralCreate,
  type ReferralWrite,
} from '@referrals/domain/referrals/referral-schemas';

/**
 * What the wizard's steps edit, as the form holds it. Text is '' in the form and null in the API. The
 * receiver and patient are kept with their names, so the steps can show the choice without a lookup.
 */
export type DraftValues = {
  /**
   * IN-APP to a listed establishment; MANUAL once the sender says the receiver is not listed (section 5:
   * creating an unlisted receiver flags newOtherHCP) and enters the receiver's details by hand;
   * ADVICE_AND_GUIDANCE when the sender asks a receiver that takes such requests for advice.
   */
  type: DraftType;
  /**
   * With whether it takes digital medication orders, which adds the medication-order step, and advice and
   * guidance requests, which the receiver step then offers.
   */
  to_establishment: DraftReceiver | null;
  assignee: string | null;
  no_named_specialist: boolean;
  patient: { id: string; name: string } | null;
  referrer_message: string;
  medication_order: MedicationOrderValues;
  /** The clinical summary read from the sender's record, when the draft was started from a launch. */
  clinical_summary: ClinicalSummaryValues | null;
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
} & Record<UnlistedReceiverField, string>;

export type DraftType = 'IN-APP' | 'MANUAL' | 'ADVICE_AND_GUIDANCE';
export type DraftReceiver = {
  id: string;
  name: string;
  digital_ordering: boolean;
  accepts_advice_and_guidance: boolean;
};

/** The receiver as the wizard keeps it, from an establishment or a department of the list. */
export function draftReceiverOf(
  place: { id: string; digital_ordering: boolean; accepts_advice_and_guidance: boolean },
  name: string,
): DraftReceiver {
  return {
    id: place.id,
    name,
    digital_ordering: place.digital_ordering,
    accepts_advice_and_guidance: place.accepts_advice_and_guidance,
  };
}

/** The type a draft reopens with: a type the wizard does not make reads as IN-APP. */
function draftTypeOf(type: Referral['type']): DraftType {
  return type === 'MANUAL' || type === 'ADVICE_AND_GUIDANCE' ? type : 'IN-APP';
}

export type MedicationRow = { name: string; dose: string; route: string; frequency: string };

/** The medication-order step as the form holds it: texts '' rather than null, and at least one row to fill. */
export type MedicationOrderValues = {
  category: MedicationOrderCategory | null;
  medications: MedicationRow[];
  start_date: string;
  duration: string;
  notes: string;
};

export const blankMedication = (): MedicationRow => ({ name: '', dose: '', route: '', frequency: '' });

function medicationOrderValuesOf(order: MedicationOrderDraft | null): MedicationOrderValues {
  return {
    category: order?.category ?? null,
    medications: order === null || order.medications.length === 0 ? [blankMedication()] : order.medications,
    start_date: order?.start_date ?? '',
    duration: order?.duration ?? '',
    notes: order?.notes ?? '',
  };
}

export type SummaryItemValues = { text: string; detail: string; date: string | null };

/** The clinical summary as the form holds it: texts '' rather than null, the measurements as typed. */
export type ClinicalSummaryValues = Record<ClinicalSummaryList, SummaryItemValues[]> & {
  measurements: { weight_kg: string; height_cm: string };
};

export const blankSummaryItem = (): SummaryItemValues => ({ text: '', detail: '', date: null });

function clinicalSummaryValuesOf(summary: ClinicalSummary): ClinicalSummaryValues {
  const lists = Object.fromEntries(
    CLINICAL_SUMMARY_SECTIONS.map(({ key }) => [
      key,
      summary[key].map((item) => ({ text: item.text, detail: item.detail ?? '', date: item.date })),
    ]),
  ) as Record<ClinicalSummaryList, SummaryItemValues[]>;
  const { weight_kg, height_cm } = summary.measurements;
  return {
    ...lists,
    measurements: {
      weight_kg: weight_kg === null ? '' : String(weight_kg),
      height_cm: height_cm === null ? '' : String(height_cm),
    },
  };
}

const measurementOf = (value: string): number | null => {
  const number = Number(value.trim());
  return value.trim() === '' || !Number.isFinite(number) ? null : number;
};

/** The summary as the API takes it: a line left empty is no line (the sender may be about to type it). */
function clinicalSummaryWrite(values: ClinicalSummaryValues): ClinicalSummary {
  const lists = Object.fromEntries(
    CLINICAL_SUMMARY_SECTIONS.map(({ key }) => [
      key,
      values[key]
        .filter((item) => item.text.trim() !== '')
        .map((item) => ({ text: item.text, detail: textOf(item.detail), date: item.date })),
    ]),
  ) as Record<ClinicalSummaryList, ClinicalSummary[ClinicalSummaryList]>;
  return {
    ...lists,
    measurements: {
      weight_kg: measurementOf(values.measurements.weight_kg),
      height_cm: measurementOf(values.measurements.height_cm),
    },
  };
}

const TEXT_FIELDS = [
  'referrer_message',
  'referrer_provider_num',
  'supervisor_name',
  'supervisor_provider_number',
  'supervisor_email',
] as const;

// A cleared select holds null rather than ''.
const textOf = (value: string | null) => (value === null || value.trim() === '' ? null : value);

const FLAG_FIELDS = [
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
    type: 'IN-APP',
    to_establishment: null,
    assignee: null,
    patient: null,
    ...(Object.fromEntries([...TEXT_FIELDS, ...UNLISTED_RECEIVER_FIELDS].map((name) => [name, ''])) as Record<
      (typeof TEXT_FIELDS)[number] | UnlistedReceiverField,
      string
    >),
    no_named_specialist: false,
    medication_order: medicationOrderValuesOf(null),
    clinical_summary: null,
    duration: 12,
    ...(Object.fromEntries(FLAG_FIELDS.map((name) => [name, false])) as Record<
      (typeof FLAG_FIELDS)[number],
      boolean
    >),
  };
}

export function draftValuesOf(referral: Referral): DraftValues {
  const values = newDraftValues();
  for (const name of [...TEXT_FIELDS, ...UNLISTED_RECEIVER_FIELDS]) values[name] = referral[name] ?? '';
  for (const name of FLAG_FIELDS) values[name] = referral[name];
  values.no_named_specialist = referral.no_named_specialist;
  return {
    ...values,
    type: draftTypeOf(referral.type),
    to_establishment: referral.to_establishment,
    assignee: referral.assignee?.id ?? null,
    patient:
      referral.patient === null
        ? null
        : {
            id: referral.patient.id,
            name: `${referral.patient.first_name} ${referral.patient.last_name}`,
          },
    medication_order: medicationOrderValuesOf(referral.medication_order),
    clinical_summary:
      referral.clinical_summary === null ? null : clinicalSummaryValuesOf(referral.clinical_summary),
    duration: referral.duration,
  };
}

/**
 * Whether the draft has the medication-order step: its receiver, a listed one, takes digital medication
 * orders (section 4; a department's own flag counts, not its hospital's).
 */
export function hasMedicationOrder(values: Pick<DraftValues, 'type' | 'to_establishment'>): boolean {
  return values.type === 'IN-APP' && values.to_establishment?.digital_ordering === true;
}

/**
 * The receiver step's fields as the API takes them; all the POST that starts the draft sends, so the
 * server's defaults (the message, the duration) stand.
 */
export function receiverWrite(values: DraftValues): ReferralCreate {
  const manual = values.type === 'MANUAL';
  const write: ReferralCreate = {
    type: values.type,
    // A receiver not listed has no establishment or assignee in the app.
    to_establishment: manual ? null : (values.to_establishment?.id ?? null),
    assignee: manual || values.no_named_specialist ? null : values.assignee,
    no_named_specialist: values.no_named_specialist,
  };
  // Details typed for a receiver not listed stay in the form, but a listed receiver's draft does not keep them.
  for (const name of UNLISTED_RECEIVER_FIELDS) write[name] = manual ? textOf(values[name]) : null;
  return write;
}

function medicationOrderWrite(order: MedicationOrderValues): MedicationOrderDraft {
  return {
    category: order.category,
    medications: order.medications,
    start_date: textOf(order.start_date),
    duration: textOf(order.duration),
    notes: textOf(order.notes),
  };
}

/** The PATCH body: every field the wizard edits, so each save leaves the draft as the screen shows it. */
export function draftWrite(values: DraftValues): ReferralWrite {
  const write: ReferralWrite = {
    ...receiverWrite(values),
    patient: values.patient?.id ?? null,
    // A receiver without digital ordering takes no order (submit refuses one): a receiver changed to one
    // drops what was typed for the former.
    medication_order: hasMedicationOrder(values) ? medicationOrderWrite(values.medication_order) : null,
    clinical_summary: values.clinical_summary === null ? null : clinicalSummaryWrite(values.clinical_summary),
    duration: values.duration,
  };
  for (const name of TEXT_FIELDS) write[name] = textOf(values[name]);
  for (const name of FLAG_FIELDS) write[name] = values[name];
  return write;
}

/** What keeps the sender on the receiver step: no receiver chosen, or a receiver not listed half described. */
export function receiverStepErrors(values: DraftValues): FieldErrors {
  if (values.type === 'MANUAL') return unlistedReceiverErrors(values);
  return values.to_establishment === null ? { to_establishment: [SUBMIT_REQUIRED_MESSAGE] } : {};
}
