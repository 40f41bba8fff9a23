import { EMAIL_MESSAGE, POSTCODE_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import type { FieldErrors } from '../api.ts';
import { isValidIhi, IHI_MESSAGE } from '../identifiers/ihi.ts';
import { isValidMedicareCardNumber } from '../identifiers/medicare-card.ts';
import { isAustralianPhoneNumber, PHONE_MESSAGE } from '../profile/profile-schemas.ts';
import {
  type CarerWrite,
  type ConcessionCardWrite,
  type HealthFundWrite,
  type Patient,
  type PatientWrite,
} from './patient-schemas.ts';

/**
 * Patient save rules (spec section 5 Patient save): pure functions the server runs on every create and
 * update, and the patient form runs before sending, so an API client and the form get the same record.
 */

export const MEDICARE_NUMBER_MESSAGE = 'Enter a valid 10-digit Medicare card number.';
export const MEDICARE_IRN_MESSAGE = 'Enter the reference number next to the name on the card, 1 to 9.';

/** Defaults of a new patient (section 9): state NSW, contact by SMS, Medicare insurance, title Dr. */
export const PATIENT_DEFAULTS = {
  state: 'NSW',
  pref_contact_method: 'SMS',
  pub_insurance_type: 'MDCR',
  title: 'DR',
} as const;

const POPULATION_FLAGS = [
  'atsi',
  'ndis',
  'pp_refugee',
  'pp_out_home_care',
  'pp_culturally_diverse',
  'pp_other',
] as const satisfies readonly (keyof PatientWrite)[];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTCODE_PATTERN = /^\d{4}$/;

function isBlank(value: unknown): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '');
}

/** Empty strings become null (section 5); other values are kept, trimmed when they are text. */
function blankToNull<T extends Record<string, unknown>>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      const trimmed = value.trim();
      out[key] = trimmed === '' ? null : trimmed;
    } else out[key] = value;
  }
  return out as T;
}

/**
 * The carer keep-or-delete rule (section 5): a carer is saved only if it is primary (carer_type 1) or has any
 * non-empty field besides state and carer_type; a non-primary carer with every field empty is not saved (and,
 * when it already exists, is deleted). A flag set to true counts as a non-empty field; its id and version do
 * not.
 */
export function keepCarer(carer: CarerWrite): boolean {
  if ((carer.carer_type ?? 1) === 1) return true;
  return Object.entries(carer).some(([key, value]) => {
    if (['state', 'carer_type', 'id', 'version'].includes(key)) return false;
    if (typeof value === 'boolean') return value;
    return !isBlank(value);
  });
}

/** A patient counts as created only when first_name, last_name and dob are all present (section 5). */
export function isPatientCreated(patient: Pick<PatientWrite, 'first_name' | 'last_name' | 'dob'>): boolean {
  return !isBlank(patient.first_name) && !isBlank(patient.last_name) && !isBlank(patient.dob);
}

/** The form's toggles for a loaded patient: on where it already holds that data (section 3: off by default). */
export function patientFormToggles(
  patient: Pick<
    Patient,
    'carers' | 'concession_cards' | 'health_funds' | 'health_fund_name' | 'ihi' | 'mrn' | 'hospital_num'
  > &
    Pick<Patient, (typeof POPULATION_FLAGS)[number]>,
): {
  health_fund_enabled: boolean;
  carer_enabled: boolean;
  concession_enabled: boolean;
  population_enabled: boolean;
  identifiers_enabled: boolean;
  mrn_enabled: boolean;
} {
  return {
    health_fund_enabled: patient.health_funds.length > 0 || !isBlank(patient.health_fund_name),
    carer_enabled: patient.carers.length > 0,
    concession_enabled: patient.concession_cards.length > 0,
    population_enabled: POPULATION_FLAGS.some((flag) => patient[flag]),
    identifiers_enabled: !isBlank(patient.ihi) || !isBlank(patient.hospital_num),
    mrn_enabled: !isBlank(patient.mrn),
  };
}

/** Where the patient lives, for carers whose address is the same as the patient's. */
type PatientAddress = {
  [K in 'address1' | 'address2' | 'city' | 'state' | 'postcode']?: string | null | undefined;
};

/** A carer as it is saved: blanks as null, the patient's address copied when it is the same. */
export function prepareCarer(carer: CarerWrite, patientAddress?: PatientAddress): CarerWrite {
  const prepared = blankToNull(carer);
  if (prepared.carer_type === undefined) prepared.carer_type = 1;
  if (prepared.address_same_as_patient && patientAddress) {
    prepared.address1 = patientAddress.address1 ?? null;
    prepared.address2 = patientAddress.address2 ?? null;
    prepared.city = patientAddress.city ?? null;
    prepared.state = (patientAddress.state ?? null) as CarerWrite['state'];
    prepared.postcode = patientAddress.postcode ?? null;
  }
  return prepared;
}

/**
 * Applies the section 5 Patient save rules and returns the body to save. A field absent from the input stays
 * absent (a PATCH leaves it alone); `options.create` fills the section 9 defaults.
 * - Empty strings become null; an empty (or absent, on create) title becomes DR.
 * - sex_nb_text is cleared unless sex is N; custom_gender unless sex is O.
 * - Insurance OTHR is saved as MDCR, without a Medicare reference number.
 * - Population off (population_enabled false): atsi, ndis and the pp_* flags are reset.
 * - Concession or health fund off: their lists are saved empty (and the health fund fields are not sent).
 *   Carer or guardian off: carers are not sent, so the stored ones stay (the spec sends guardian data "only if
 *   enabled"; deleting a carer is its own call).
 * - Carers: the keep-or-delete rule (keepCarer); a carer whose address is the patient's gets it copied.
 * Toggles are consumed here and are not part of the result.
 */
export function preparePatientSave(
  input: PatientWrite,
  options: { create?: boolean; patientAddress?: PatientAddress } = {},
): PatientWrite {
  const {
    population_enabled,
    concession_enabled,
    health_fund_enabled,
    carer_enabled,
    carers,
    concession_cards,
    health_funds,
    external_ids,
    ...scalars
  } = input;
  const prepared: PatientWrite = blankToNull(scalars);

  if ('title' in input && prepared.title == null) prepared.title = PATIENT_DEFAULTS.title;
  if (options.create) {
    prepared.title ??= PATIENT_DEFAULTS.title;
    prepared.state ??= PATIENT_DEFAULTS.state;
    prepared.pref_contact_method ??= PATIENT_DEFAULTS.pref_contact_method;
    prepared.pub_insurance_type ??= PATIENT_DEFAULTS.pub_insurance_type;
  } else {
    // These columns always hold a value: clearing them means going back to the default.
    if ('state' in prepared && prepared.state == null) prepared.state = PATIENT_DEFAULTS.state;
    if ('pref_contact_method' in prepared && prepared.pref_contact_method == null) {
      prepared.pref_contact_method = PATIENT_DEFAULTS.pref_contact_method;
    }
    if ('pub_insurance_type' in prepared && prepared.pub_insurance_type == null) {
      prepared.pub_insurance_type = PATIENT_DEFAULTS.pub_insurance_type;
    }
  }

  if ('sex' in prepared) {
    if (prepared.sex !== 'N') prepared.sex_nb_text = null;
    if (prepared.sex !== 'O') prepared.custom_gender = null;
  }

  if (prepared.pub_insurance_type === 'OTHR') {
    prepared.pub_insurance_type = 'MDCR';
    prepared.medicare_ref_num = null;
  } else if (prepared.pub_insurance_details != null && prepared.pub_insurance_type !== 'DVA') {
    prepared.pub_insurance_details = normaliseMedicareNumber(prepared.pub_insurance_details);
  }
  if (prepared.ihi != null) prepared.ihi = prepared.ihi.replace(/\s+/g, '');

  if (population_enabled === false) {
    for (const flag of POPULATION_FLAGS) prepared[flag] = false;
  }

  if (concession_enabled === false) prepared.concession_cards = [];
  else if (concession_cards !== undefined) {
    prepared.concession_cards = concession_cards.map((card) => blankToNull<ConcessionCardWrite>(card));
  }

  if (health_fund_enabled === false) {
    prepared.health_funds = [];
    delete prepared.health_fund_name;
    delete prepared.health_fund_num;
  } else if (health_funds !== undefined) {
    prepared.health_funds = health_funds.map((fund) => blankToNull<HealthFundWrite>(fund));
    // The record's own health_fund_name and health_fund_num are its first fund's, for the screens and
    // letters that show one fund.
    const [first] = prepared.health_funds;
    prepared.health_fund_name = first?.health_fund_name ?? null;
    prepared.health_fund_num = first?.health_fund_num ?? null;
  }

  if (carer_enabled !== false && carers !== undefined) {
    const address: PatientAddress = { ...options.patientAddress, ...pickAddress(prepared) };
    prepared.carers = carers.filter(keepCarer).map((carer) => prepareCarer(carer, address));
  }
  if (external_ids !== undefined) prepared.external_ids = external_ids;
  return prepared;
}

function pickAddress(patient: PatientWrite): PatientAddress {
  const address: PatientAddress = {};
  if ('address1' in patient) address.address1 = patient.address1;
  if ('address2' in patient) address.address2 = patient.address2;
  if ('city' in patient) address.city = patient.city;
  if ('state' in patient) address.state = patient.state;
  if ('postcode' in patient) address.postcode = patient.postcode;
  return address;
}

/**
 * The field errors of a patient body (section 5; api-conventions.md nested errors), keyed by field name and,
 * for carers, concession cards and health funds, by their index in the body sent:
 * `{carers: [{}, {phone: [...]}]}`. `mode`: create and replace (PUT) need first_name, last_name and dob;
 * patch needs them only when it sends them. Identifiers: a Medicare card number (for Medicare insurance:
 * `insuranceType` is the stored type when the body does not send one), its reference number 1 to 9, an IHI.
 */
export function validatePatientSave(
  input: PatientWrite,
  options: { mode: 'create' | 'replace' | 'patch'; insuranceType?: string | null },
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] as string[] | undefined) ?? [];
    list.push(message);
    errors[field] = list;
  };
  for (const field of ['first_name', 'last_name', 'dob'] as const) {
    const required = options.mode !== 'patch' || field in input;
    if (required && isBlank(input[field])) add(field, REQUIRED_MESSAGE);
  }
  const insuranceType = input.pub_insurance_type ?? options.insuranceType ?? 'MDCR';
  if (insuranceType === 'MDCR') {
    Object.assign(errors, medicareErrors(input));
  }
  if (!isBlank(input.ihi) && !isValidIhi(input.ihi ?? '')) add('ihi', IHI_MESSAGE);
  Object.assign(errors, contactErrors(input));
  if (!isBlank(input.postal_postcode) && !POSTCODE_PATTERN.test((input.postal_postcode ?? '').trim())) {
    add('postal_postcode', POSTCODE_MESSAGE);
  }

  if (input.concession_enabled !== false && input.concession_cards) {
    const nested = input.concession_cards.map((card) => {
      const cardErrors: FieldErrors = {};
      if (isBlank(card.type)) cardErrors.type = [REQUIRED_MESSAGE];
      if (card.type === 'OTHER' && isBlank(card.concession_other)) {
        cardErrors.concession_other = [REQUIRED_MESSAGE];
      }
      return cardErrors;
    });
    if (nested.some((e) => Object.keys(e).length > 0)) errors.concession_cards = nested;
  }
  if (input.health_fund_enabled !== false && input.health_funds) {
    const nested = input.health_funds.map((fund): FieldErrors =>
      isBlank(fund.health_fund_name) ? { health_fund_name: [REQUIRED_MESSAGE] } : {},
    );
    if (nested.some((e) => Object.keys(e).length > 0)) errors.health_funds = nested;
  }
  if (input.carer_enabled !== false && input.carers) {
    const nested = input.carers.map((carer) => (keepCarer(carer) ? validateCarer(carer) : {}));
    if (nested.some((e) => Object.keys(e).length > 0)) errors.carers = nested;
  }
  return errors;
}

/** The field errors of one carer that will be saved: names required, contact details and Medicare well formed. */
export function validateCarer(carer: CarerWrite): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(carer.first_name)) errors.first_name = [REQUIRED_MESSAGE];
  if (isBlank(carer.last_name)) errors.last_name = [REQUIRED_MESSAGE];
  return { ...errors, ...contactErrors(carer), ...medicareErrors(carer) };
}

function contactErrors(record: {
  email?: string | null | undefined;
  phone?: string | null | undefined;
  postcode?: string | null | undefined;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!isBlank(record.email) && !EMAIL_PATTERN.test((record.email ?? '').trim())) {
    errors.email = [EMAIL_MESSAGE];
  }
  if (!isBlank(record.phone) && !isAustralianPhoneNumber(record.phone ?? '')) errors.phone = [PHONE_MESSAGE];
  if (!isBlank(record.postcode) && !POSTCODE_PATTERN.test((record.postcode ?? '').trim())) {
    errors.postcode = [POSTCODE_MESSAGE];
  }
  return errors;
}

function medicareErrors(record: {
  pub_insurance_details?: string | null | undefined;
  medicare_ref_num?: string | null | undefined;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (
    !isBlank(record.pub_insurance_details) &&
    !isValidMedicareCardNumber(record.pub_insurance_details ?? '')
  ) {
    errors.pub_insurance_details = [MEDICARE_NUMBER_MESSAGE];
  }
  if (!isBlank(record.medicare_ref_num) && !/^[1-9]$/.test((record.medicare_ref_num ?? '').trim())) {
    errors.medicare_ref_num = [MEDICARE_IRN_MESSAGE];
  }
  return errors;
}

/** A Medicare number as stored and searched: digits only. */
export function normaliseMedicareNumber(input: string): string {
  return input.replace(/\s+/g, '');
}
