import { NUL_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../api.ts';
import {
  CARD_EXPIRY_MESSAGE,
  CardExpirySchema,
  DATE_MESSAGE,
  DateOfBirthSchema,
  clearableDate,
} from '../date-bounds.ts';
import { AuStateSchema } from '../establishments/establishment-codes.ts';
import { PROVIDER_LIST_ROLES } from '../directory/doctor-schemas.ts';
import { CarerTypeSchema, TitleSchema, titles } from '../people/people-codes.ts';
import {
  AboriginalStatusSchema,
  ConcessionCardTypeSchema,
  ContactMethodSchema,
  InsuranceTypeSchema,
  SexSchema,
} from './patient-codes.ts';

/**
 * The patient record as the API sends and receives it (spec sections 3 Patient, Carer, MRN entry, Concession
 * card, Health fund; 5 Patient save; 7 Patients). Field names are the spec's. Write bodies are lenient on
 * purpose: an empty string is a value the form sends for a cleared field, and the save rules
 * (patient-save-rules.ts) turn it into null, so the server and the form agree on the result.
 */

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\0]*$/, { message: NUL_MESSAGE });

/** A text field of a write body: a string (possibly empty: cleared), null, or absent. */
const clearableText = (max = 200) => text(max).nullable().optional();

/** A date of birth in a write body: YYYY-MM-DD from 1900 to today (date-bounds.ts), or '' / null to clear. */
const clearableDateOfBirth = () => clearableDate(DateOfBirthSchema, DATE_MESSAGE).optional();

/** A code of a write body, bare or as `{value, display}` ("the sex field sends its value only"), or ''/null. */
function clearableCode<T extends z.ZodEnum>(schema: T) {
  return z
    .union([z.literal(''), schema, z.object({ value: schema, display: z.string().optional() })])
    .nullable()
    .transform((value) =>
      value !== null && typeof value === 'object'
        ? (value as { value: z.infer<T> }).value
        : (value as z.infer<T> | '' | null),
    )
    .optional();
}

const optionalBoolean = z.boolean().optional();

/** An establishment, user or doctor as a patient record names it. */
export const PatientEstablishmentSchema = z.object({ id: z.string(), name: z.string() });
export const PatientPersonSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** The patient's doctor, with the title every screen shows before the name. */
export const PatientDoctorSchema = PatientPersonSchema.extend({ title: titles.codedSchema });
export type PatientDoctor = z.infer<typeof PatientDoctorSchema>;

/**
 * Who may be a patient's doctor: a provider user with a clinician's role, the ones the Providers list finds
 * (GP, GPP, SP, SPT). A practice manager or administrator is not anyone's doctor, and a patient user never is.
 */
export const PATIENT_DOCTOR_ROLES = PROVIDER_LIST_ROLES;

const addressShape = {
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
};

const addressWriteShape = {
  address1: clearableText(),
  address2: clearableText(),
  city: clearableText(100),
  state: clearableCode(AuStateSchema),
  postcode: clearableText(10),
};

const medicareShape = {
  pub_insurance_details: z.string().nullable(),
  medicare_ref_num: z.string().nullable(),
  medicare_expiry_date: z.string().nullable(),
};

const medicareWriteShape = {
  /** The Medicare card number (10 digits) or the other insurance's number. */
  pub_insurance_details: clearableText(30),
  /** The individual reference number on the card, 1 to 9. */
  medicare_ref_num: clearableText(2),
  /** As printed on the card, MM/YYYY (date-bounds.ts). */
  medicare_expiry_date: clearableDate(CardExpirySchema, CARD_EXPIRY_MESSAGE).optional(),
};

/** A carer or guardian of a patient (section 3 Carer): carer_type 1 primary, 2 secondary, 3 other. */
export const CarerSchema = z.object({
  id: z.string(),
  carer_type: CarerTypeSchema,
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  relation: z.string().nullable(),
  emergency_contact: z.boolean(),
  next_of_kin: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
  address_same_as_patient: z.boolean(),
  ...addressShape,
  ...medicareShape,
  version: z.number().int(),
});
export type Carer = z.infer<typeof CarerSchema>;

/**
 * A carer in a write body (patients/{id}/ carers list, or POST/PUT/PATCH patients/{id}/carers/). `id` names
 * an existing carer to update; without it a carer is created. Whether it is saved at all is the carer
 * keep-or-delete rule (keepCarer in patient-save-rules.ts).
 */
export const CarerWriteSchema = z.object({
  id: z.uuid().optional(),
  carer_type: z.coerce.number().pipe(CarerTypeSchema).optional(),
  title: clearableCode(TitleSchema),
  first_name: clearableText(100),
  last_name: clearableText(100),
  relation: clearableText(100),
  emergency_contact: optionalBoolean,
  next_of_kin: optionalBoolean,
  email: clearableText(254),
  phone: clearableText(30),
  dob: clearableDateOfBirth(),
  address_same_as_patient: optionalBoolean,
  ...addressWriteShape,
  ...medicareWriteShape,
  /** The version read; a stale one is a 409 (api-conventions.md: Concurrency). */
  version: z.number().int().min(0).optional(),
});
export type CarerWrite = z.infer<typeof CarerWriteSchema>;
export type CarerWriteInput = z.input<typeof CarerWriteSchema>;

/** A concession card (section 3: type, concession_number, concession_other for type OTHER). */
export const ConcessionCardSchema = z.object({
  id: z.string(),
  type: z.string(),
  concession_number: z.string().nullable(),
  concession_other: z.string().nullable(),
});
export type ConcessionCard = z.infer<typeof ConcessionCardSchema>;
export const ConcessionCardWriteSchema = z.object({
  type: clearableCode(ConcessionCardTypeSchema),
  concession_number: clearableText(40),
  concession_other: clearableText(100),
});
export type ConcessionCardWrite = z.infer<typeof ConcessionCardWriteSchema>;

/** A private health fund membership (section 3: type, health_fund_name, health_fund_num). */
export const HealthFundSchema = z.object({
  id: z.string(),
  type: z.string().nullable(),
  health_fund_name: z.string(),
  health_fund_num: z.string().nullable(),
});
export type HealthFund = z.infer<typeof HealthFundSchema>;
export const HealthFundWriteSchema = z.object({
  type: clearableText(40),
  health_fund_name: clearableText(100),
  health_fund_num: clearableText(40),
});
export type HealthFundWrite = z.infer<typeof HealthFundWriteSchema>;

/** A patient's id in an integrated clinical system, one per system (section 3 Patient). */
export const ExternalIdSchema = z.object({
  system: text(40).trim().min(1, { message: REQUIRED_MESSAGE }),
  external_id: text(100).trim().min(1, { message: REQUIRED_MESSAGE }),
});
export type ExternalId = z.infer<typeof ExternalIdSchema>;

/** An MRN entry (section 3 MRN entry): the patient's number at an establishment. */
export const MrnSchema = z.object({
  id: z.string(),
  number: z.string(),
  establishment: PatientEstablishmentSchema,
  receiving_establishment: PatientEstablishmentSchema.nullable(),
  added_by: PatientPersonSchema.nullable(),
  added_at: z.string(),
});
export type Mrn = z.infer<typeof MrnSchema>;

/** GET patients/{id}/mrn/: the MRNs the caller's establishment holds for the patient (404 when none). */
export const MrnListSchema = z.array(MrnSchema);

/**
 * POST patients/{id}/mrn/ and PUT patients/{id}/mrn/{mrnId}/ (section 5: the MRN number is required). The
 * establishment is always the caller's current one; a client-sent `establishment` is accepted and ignored.
 */
export const MrnWriteSchema = z.object({
  number: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: REQUIRED_MESSAGE })
    .max(40)
    .regex(/^[^\0]*$/, { message: NUL_MESSAGE }),
  establishment: z.unknown().optional(),
  referral_id: z.unknown().optional(),
});
export type MrnWrite = z.infer<typeof MrnWriteSchema>;

/** Patient record status: complete, or incomplete for one started elsewhere (an import, an external referral). */
export const PatientStatusSchema = z.enum(['complete', 'incomplete']);
export type PatientStatus = z.infer<typeof PatientStatusSchema>;

/** The patient as GET patients/{id}/ and every write return it (section 3 Patient). */
export const PatientSchema = z.object({
  id: z.string(),
  establishment: PatientEstablishmentSchema,
  doctor: PatientDoctorSchema.nullable(),
  status: PatientStatusSchema,
  is_imported: z.boolean(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string(),
  sex_at_birth: z.string().nullable(),
  sex: z.string().nullable(),
  sex_nb_text: z.string().nullable(),
  custom_gender: z.string().nullable(),
  pub_insurance_type: z.string(),
  ...medicareShape,
  hospital_num: z.string().nullable(),
  atsi: z.boolean(),
  ndis: z.boolean(),
  pp_refugee: z.boolean(),
  pp_out_home_care: z.boolean(),
  pp_culturally_diverse: z.boolean(),
  pp_other: z.boolean(),
  aboriginal_status: z.string().nullable(),
  is_aboriginal_status_enabled: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  pref_contact_method: z.string(),
  ...addressShape,
  state: z.string(),
  is_residential_and_postal_address: z.boolean(),
  postal_address1: z.string().nullable(),
  postal_address2: z.string().nullable(),
  postal_city: z.string().nullable(),
  postal_state: z.string().nullable(),
  postal_postcode: z.string().nullable(),
  health_fund_name: z.string().nullable(),
  health_fund_num: z.string().nullable(),
  country_of_birth: z.string().nullable(),
  /** The MRN at the caller's current establishment, or null. */
  mrn: z.string().nullable(),
  /** Every MRN entry the caller's current establishment holds for the patient. */
  mrns: z.array(MrnSchema),
  ihi: z.string().nullable(),
  is_advice_and_guidance: z.boolean(),
  concession_cards: z.array(ConcessionCardSchema),
  health_funds: z.array(HealthFundSchema),
  carers: z.array(CarerSchema),
  external_ids: z.array(ExternalIdSchema),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Patient = z.infer<typeof PatientSchema>;

/**
 * The body of POST patients/, PUT and PATCH patients/{id}/ (section 5 Patient save). Every field is optional
 * here; preparePatientSave applies the save rules and validatePatientSave reports what is missing or wrong.
 * `establishment`, `created_by`, `status` and other server-owned fields are not part of it: the server sets
 * them. The *_enabled flags are the form's toggles (section 3: all off by default): when one is false, its
 * data is reset or emptied on save; when absent, the data is saved as sent.
 */
export const PatientWriteSchema = z.object({
  doctor: z
    .uuid()
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  title: clearableCode(TitleSchema),
  first_name: clearableText(100),
  last_name: clearableText(100),
  dob: clearableDateOfBirth(),
  sex_at_birth: clearableCode(SexSchema),
  sex: clearableCode(SexSchema),
  sex_nb_text: clearableText(100),
  custom_gender: clearableText(100),
  pub_insurance_type: clearableCode(InsuranceTypeSchema),
  ...medicareWriteShape,
  hospital_num: clearableText(40),
  atsi: optionalBoolean,
  ndis: optionalBoolean,
  pp_refugee: optionalBoolean,
  pp_out_home_care: optionalBoolean,
  pp_culturally_diverse: optionalBoolean,
  pp_other: optionalBoolean,
  aboriginal_status: clearableCode(AboriginalStatusSchema),
  is_aboriginal_status_enabled: optionalBoolean,
  email: clearableText(254),
  phone: clearableText(30),
  pref_contact_method: clearableCode(ContactMethodSchema),
  ...addressWriteShape,
  is_residential_and_postal_address: optionalBoolean,
  postal_address1: clearableText(),
  postal_address2: clearableText(),
  postal_city: clearableText(100),
  postal_state: clearableCode(AuStateSchema),
  postal_postcode: clearableText(10),
  health_fund_name: clearableText(100),
  health_fund_num: clearableText(40),
  country_of_birth: clearableText(100),
  /** On create only: the patient's MRN at the caller's establishment. Later changes go through patients/{id}/mrn/. */
  mrn: clearableText(40),
  ihi: clearableText(30),
  is_advice_and_guidance: optionalBoolean,
  concession_cards: z.array(ConcessionCardWriteSchema).max(20).optional(),
  health_funds: z.array(HealthFundWriteSchema).max(20).optional(),
  carers: z.array(CarerWriteSchema).max(20).optional(),
  external_ids: z.array(ExternalIdSchema).max(20).optional(),
  /** The form's toggles (section 3); false resets their data on save (section 5). */
  population_enabled: optionalBoolean,
  concession_enabled: optionalBoolean,
  health_fund_enabled: optionalBoolean,
  carer_enabled: optionalBoolean,
  /** The version read; a stale one is a 409 (api-conventions.md: Concurrency). */
  version: z.number().int().min(0).optional(),
});
export type PatientWrite = z.infer<typeof PatientWriteSchema>;
export type PatientWriteInput = z.input<typeof PatientWriteSchema>;

/** A patient in the list (GET patients/). */
export const PatientSummarySchema = PatientSchema.pick({
  id: true,
  establishment: true,
  status: true,
  is_imported: true,
  title: true,
  first_name: true,
  last_name: true,
  dob: true,
  sex: true,
  pub_insurance_type: true,
  pub_insurance_details: true,
  medicare_ref_num: true,
  mrn: true,
  phone: true,
  email: true,
  version: true,
});
export type PatientSummary = z.infer<typeof PatientSummarySchema>;
export const PatientPageSchema = pageOf(PatientSummarySchema);

const booleanQuery = z.enum(['true', 'false']).optional();
const searchText = (max: number) => text(max).trim().optional();

/** Splits a keyword into lower-cased words; repeated `keyword` parameters are words too (section 7). */
export function keywordWords(keyword: string | readonly string[] | undefined): string[] {
  if (keyword === undefined) return [];
  const all = typeof keyword === 'string' ? [keyword] : keyword;
  return all
    .flatMap((part) => part.split(/\s+/))
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0);
}

/**
 * GET patients/ (section 7 Patients). keyword: every word must match the start of the first name, last name,
 * Medicare number or an MRN at the caller's establishment. within_establishment: only patients the
 * establishment owns or holds an MRN for (not those it sees only through referrals); an establishment id
 * other than the caller's current one matches nothing. filter_by_organisation: only the establishment's own
 * records. status defaults to complete.
 */
export const PatientListQuerySchema = PageQuerySchema.extend({
  keyword: z
    .union([text(200), z.array(text(200)).max(10)])
    .optional()
    .transform(keywordWords)
    .pipe(z.array(z.string()).max(8, { message: 'Search with at most 8 words.' })),
  fname: searchText(100),
  lname: searchText(100),
  dob: DateOfBirthSchema.optional(),
  mrn: searchText(40),
  medicare: searchText(30),
  within_establishment: z.union([z.enum(['true', 'false']), z.uuid()]).optional(),
  status: z.enum(['complete', 'incomplete', 'all']).default('complete'),
  is_imported: booleanQuery,
  filter_by_organisation: booleanQuery,
});
export type PatientListQuery = z.infer<typeof PatientListQuerySchema>;
export type PatientListQueryInput = z.input<typeof PatientListQuerySchema>;

/** GET/PUT/PATCH/DELETE patients/{id}/ query: optional context the web sends (section 7). */
export const PatientContextQuerySchema = z.object({
  within_establishment: z.union([z.enum(['true', 'false']), z.uuid()]).optional(),
  referral_id: z.uuid().optional(),
  is_imported: booleanQuery,
  filter_by_organisation: booleanQuery,
});
