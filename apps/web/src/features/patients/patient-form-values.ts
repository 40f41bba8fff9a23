import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { fieldErrorsFromIssues, type FieldErrors } from '@referrals/domain/api';
import type { CarerType } from '@referrals/domain/people/people-codes';
import {
  isPatientCreated,
  keepCarer,
  PATIENT_DEFAULTS,
  patientFormToggles,
  preparePatientSave,
} from '@referrals/domain/patients/patient-save-rules';
import {
  PatientWriteSchema,
  type Carer,
  type CarerWrite,
  type CarerWriteInput,
  type ConcessionCardWrite,
  type HealthFundWrite,
  type Patient,
  type PatientWrite,
  type PatientWriteInput,
} from '@referrals/domain/patients/patient-schemas';

/**
 * What the patient form holds: the domain's write body (PatientWriteInput) as the inputs edit it, plus the
 * two toggles the body has no flag for (identifiers and MRN). Text is '' when empty; the save rules turn
 * that into null.
 */
export type PatientFormValues = PatientWriteInput & {
  carers: CarerWriteInput[];
  concession_cards: ConcessionCardWrite[];
  health_funds: HealthFundWrite[];
  population_enabled: boolean;
  concession_enabled: boolean;
  health_fund_enabled: boolean;
  carer_enabled: boolean;
  identifiers_enabled: boolean;
  mrn_enabled: boolean;
};

const text = (value: string | null | undefined): string => value ?? '';

/**
 * A blank carer of a type. The primary carer starts with 'address same as patient' ticked, the usual case;
 * others start unticked, because a ticked box would count as filled in and keep an empty carer (section 5).
 */
export function emptyCarer(carerType: CarerType): CarerWriteInput {
  return {
    carer_type: carerType,
    title: null,
    first_name: '',
    last_name: '',
    relation: '',
    emergency_contact: false,
    next_of_kin: false,
    email: '',
    phone: '',
    dob: '',
    address_same_as_patient: carerType === 1,
    address1: '',
    address2: '',
    city: '',
    state: null,
    postcode: '',
    pub_insurance_details: '',
    medicare_ref_num: '',
    medicare_expiry_date: '',
  };
}

export const emptyConcessionCard = (): ConcessionCardWrite => ({
  type: null,
  concession_number: '',
  concession_other: '',
});

export const emptyHealthFund = (): HealthFundWrite => ({
  type: null,
  health_fund_name: '',
  health_fund_num: '',
});

/** A new patient: every toggle off (spec section 3) and the section 9 defaults. */
export function newPatientValues(): PatientFormValues {
  return {
    doctor: null,
    title: PATIENT_DEFAULTS.title,
    first_name: '',
    last_name: '',
    dob: '',
    sex_at_birth: null,
    sex: null,
    sex_nb_text: '',
    custom_gender: '',
    pub_insurance_type: PATIENT_DEFAULTS.pub_insurance_type,
    pub_insurance_details: '',
    medicare_ref_num: '',
    medicare_expiry_date: '',
    hospital_num: '',
    atsi: false,
    ndis: false,
    pp_refugee: false,
    pp_out_home_care: false,
    pp_culturally_diverse: false,
    pp_other: false,
    aboriginal_status: null,
    is_aboriginal_status_enabled: false,
    email: '',
    phone: '',
    pref_contact_method: PATIENT_DEFAULTS.pref_contact_method,
    address1: '',
    address2: '',
    city: '',
    state: PATIENT_DEFAULTS.state,
    postcode: '',
    is_residential_and_postal_address: true,
    postal_address1: '',
    postal_address2: '',
    postal_city: '',
    postal_state: null,
    postal_postcode: '',
    country_of_birth: '',
    mrn: '',
    ihi: '',
    is_advice_and_guidance: false,
    concession_cards: [],
    health_funds: [],
    carers: [],
    population_enabled: false,
    concession_enabled: false,
    health_fund_enabled: false,
    carer_enabled: false,
    identifiers_enabled: false,
    mrn_enabled: false,
  };
}

// The record's codes are plain strings; the write schema checks them again when the form is saved.
function carerValues(carer: Carer): CarerWriteInput {
  return {
    id: carer.id,
    version: carer.version,
    carer_type: carer.carer_type,
    title: carer.title,
    first_name: carer.first_name,
    last_name: carer.last_name,
    relation: text(carer.relation),
    emergency_contact: carer.emergency_contact,
    next_of_kin: carer.next_of_kin,
    email: text(carer.email),
    phone: text(carer.phone),
    dob: text(carer.dob),
    address_same_as_patient: carer.address_same_as_patient,
    address1: text(carer.address1),
    address2: text(carer.address2),
    city: text(carer.city),
    state: carer.state,
    postcode: text(carer.postcode),
    pub_insurance_details: text(carer.pub_insurance_details),
    medicare_ref_num: text(carer.medicare_ref_num),
    medicare_expiry_date: text(carer.medicare_expiry_date),
  } as CarerWriteInput;
}

/** A loaded patient in the form, with each toggle on where the record already holds that data. */
export function patientValues(patient: Patient): PatientFormValues {
  const toggles = patientFormToggles(patient);
  const funds = patient.health_funds.map((fund) => ({
    type: fund.type,
    health_fund_name: fund.health_fund_name,
    health_fund_num: text(fund.health_fund_num),
  }));
  // A record from before the list kept its fund in the two fields of its own.
  if (funds.length === 0 && patient.health_fund_name !== null) {
    funds.push({
      type: null,
      health_fund_name: patient.health_fund_name,
      health_fund_num: text(patient.health_fund_num),
    });
  }
  const values = {
    ...newPatientValues(),
    doctor: patient.doctor?.id ?? null,
    title: patient.title,
    first_name: patient.first_name,
    last_name: patient.last_name,
    dob: patient.dob,
    sex_at_birth: patient.sex_at_birth,
    sex: patient.sex,
    sex_nb_text: text(patient.sex_nb_text),
    custom_gender: text(patient.custom_gender),
    pub_insurance_type: patient.pub_insurance_type,
    pub_insurance_details: text(patient.pub_insurance_details),
    medicare_ref_num: text(patient.medicare_ref_num),
    medicare_expiry_date: text(patient.medicare_expiry_date),
    hospital_num: text(patient.hospital_num),
    atsi: patient.atsi,
    ndis: patient.ndis,
    pp_refugee: patient.pp_refugee,
    pp_out_home_care: patient.pp_out_home_care,
    pp_culturally_diverse: patient.pp_culturally_diverse,
    pp_other: patient.pp_other,
    aboriginal_status: patient.aboriginal_status,
    is_aboriginal_status_enabled: patient.is_aboriginal_status_enabled,
    email: text(patient.email),
    phone: text(patient.phone),
    pref_contact_method: patient.pref_contact_method,
    address1: text(patient.address1),
    address2: text(patient.address2),
    city: text(patient.city),
    state: patient.state,
    postcode: text(patient.postcode),
    is_residential_and_postal_address: patient.is_residential_and_postal_address,
    postal_address1: text(patient.postal_address1),
    postal_address2: text(patient.postal_address2),
    postal_city: text(patient.postal_city),
    postal_state: patient.postal_state,
    postal_postcode: text(patient.postal_postcode),
    country_of_birth: text(patient.country_of_birth),
    mrn: text(patient.mrn),
    ihi: text(patient.ihi),
    is_advice_and_guidance: patient.is_advice_and_guidance,
    concession_cards: patient.concession_cards.map((card) => ({
      type: card.type,
      concession_number: text(card.concession_number),
      concession_other: text(card.concession_other),
    })),
    health_funds: funds,
    carers: patient.carers.map(carerValues),
    version: patient.version,
    ...toggles,
  };
  return values as PatientFormValues;
}

/** The form index of each carer in the body sent: the keep-or-delete rule leaves some out (spec section 5). */
function sentCarerIndexes(carers: readonly CarerWrite[]): number[] {
  return carers.flatMap((carer, index) => (keepCarer(carer) ? [index] : []));
}

export type PatientSave = { body: PatientWrite; sentCarers: number[] } | { errors: FieldErrors };

/**
 * The body to send for the form's values, or the errors that stop it: the write schema's own checks and
 * the fields a patient needs to count as created; then the domain's save rules (spec section 5 Patient save),
 * exactly as the server applies them. Identifier checks (Medicare, IHI) are the server's answer.
 */
export function patientSave(values: PatientFormValues, mode: 'create' | 'update'): PatientSave {
  const { identifiers_enabled, mrn_enabled, ...write } = values;
  const parsed = PatientWriteSchema.safeParse(write);
  if (!parsed.success) return { errors: fieldErrorsFromIssues(parsed.error.issues) };
  const input = parsed.data;
  if (!isPatientCreated(input)) {
    const errors: FieldErrors = {};
    for (const field of ['first_name', 'last_name', 'dob'] as const) {
      if ((input[field] ?? '').trim() === '') errors[field] = [REQUIRED_MESSAGE];
    }
    return { errors };
  }
  // Switched-off identifiers are cleared, as any section switched off (spec section 4 Hidden form data).
  if (!identifiers_enabled) {
    input.ihi = null;
    input.hospital_num = null;
  }
  // The MRN travels with the record on create only; afterwards the MRN panel saves it.
  if (mode === 'update' || !mrn_enabled) delete input.mrn;
  const sentCarers = input.carer_enabled === false ? [] : sentCarerIndexes(input.carers ?? []);
  return { body: preparePatientSave(input, { create: mode === 'create' }), sentCarers };
}

/**
 * A 400 body keyed as sent, re-keyed as the form holds it: carers the keep-or-delete rule left out shift the
 * indexes of those after them.
 */
export function formFieldErrors(errors: FieldErrors, sentCarers: readonly number[]): FieldErrors {
  const carers = errors.carers;
  if (!Array.isArray(carers) || carers.some((item) => typeof item === 'string')) return errors;
  const remapped: FieldErrors[] = [];
  carers.forEach((carerErrors, sentIndex) => {
    const formIndex = sentCarers[sentIndex] ?? sentIndex;
    while (remapped.length < formIndex) remapped.push({});
    remapped[formIndex] = carerErrors as FieldErrors;
  });
  return { ...errors, carers: remapped };
}
