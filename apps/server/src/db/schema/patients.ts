import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.ts';
import { establishments } from './establishments.ts';
import { users } from './people.ts';

/** A patient record, owned by the establishment that created it (spec section 3, Patient). */
export const patients = pgTable(
  'patients',
  {
    ...entityColumns,
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    doctor_id: uuid('doctor_id').references(() => users.id),
    /** The patient's own sign-in, when the patient or carer uses the product. */
    user_id: uuid('user_id').references(() => users.id),
    title: text('title'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    sex_at_birth: text('sex_at_birth'),
    sex: text('sex'),
    email: text('email'),
    phone: text('phone'),
    pref_contact_method: text('pref_contact_method').notNull().default('SMS'),
    pub_insurance_type: text('pub_insurance_type').notNull().default('MDCR'),
    /** The Medicare (or other public insurance) number. */
    pub_insurance_details: text('pub_insurance_details'),
    medicare_ref_num: text('medicare_ref_num'),
    medicare_expiry_date: text('medicare_expiry_date'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state').notNull().default('NSW'),
    postcode: text('postcode'),
    atsi: boolean('atsi').notNull().default(false),
    aboriginal_status: text('aboriginal_status'),
    ihi: text('ihi'),
    sex_nb_text: text('sex_nb_text'),
    custom_gender: text('custom_gender'),
    hospital_num: text('hospital_num'),
    ndis: boolean('ndis').notNull().default(false),
    pp_refugee: boolean('pp_refugee').notNull().default(false),
    pp_out_home_care: boolean('pp_out_home_care').notNull().default(false),
    pp_culturally_diverse: boolean('pp_culturally_diverse').notNull().default(false),
    pp_other: boolean('pp_other').notNull().default(false),
    is_aboriginal_status_enabled: boolean('is_aboriginal_status_enabled').notNull().default(false),
    is_residential_and_postal_address: boolean('is_residential_and_postal_address').notNull().default(true),
    postal_address1: text('postal_address1'),
    postal_address2: text('postal_address2'),
    postal_city: text('postal_city'),
    postal_state: text('postal_state'),
    postal_postcode: text('postal_postcode'),
    health_fund_name: text('health_fund_name'),
    health_fund_num: text('health_fund_num'),
    country_of_birth: text('country_of_birth'),
    is_advice_and_guidance: boolean('is_advice_and_guidance').notNull().default(false),
    /** complete, or incomplete for a record started elsewhere (an import, an external referral). */
    status: text('status').notNull().default('complete'),
    is_imported: boolean('is_imported').notNull().default(false),
    /** Who created the record. */
    created_by_id: uuid('created_by_id').references(() => users.id),
  },
  (t) => [
    index('patients_establishment_name_idx').on(t.establishment_id, t.last_name, t.first_name),
    index('patients_establishment_dob_idx').on(t.establishment_id, t.dob),
    // A patient's own account finds its records at every establishment by email and date of birth
    // (modules/my-referrals), case-insensitively as addresses are compared.
    index('patients_email_dob_idx').on(sql`lower(${t.email})`, t.dob),
    // A deleted record is in nobody's visible_patients, yet its referrals stay in their lists under its name:
    // a list's name search finds deleted patients by name here (few, so only they are indexed).
    index('patients_deleted_last_name_idx')
      .using('btree', sql`lower(${t.last_name}) text_pattern_ops`)
      .where(sql`${t.status} = 'deleted'`),
    index('patients_deleted_first_name_idx')
      .using('btree', sql`lower(${t.first_name}) text_pattern_ops`)
      .where(sql`${t.status} = 'deleted'`),
  ],
);

/** A carer or guardian of a patient (section 3 Carer): 1 primary, 2 secondary, 3 other. */
export const carers = pgTable(
  'carers',
  {
    ...entityColumns,
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    carer_type: integer('carer_type').notNull().default(1),
    title: text('title'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    relation: text('relation'),
    emergency_contact: boolean('emergency_contact').notNull().default(false),
    next_of_kin: boolean('next_of_kin').notNull().default(false),
    email: text('email'),
    phone: text('phone'),
    dob: date('dob', { mode: 'string' }),
    address_same_as_patient: boolean('address_same_as_patient').notNull().default(false),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    postcode: text('postcode'),
    pub_insurance_details: text('pub_insurance_details'),
    medicare_ref_num: text('medicare_ref_num'),
    medicare_expiry_date: text('medicare_expiry_date'),
  },
  (t) => [index('carers_patient_idx').on(t.patient_id, t.carer_type)],
);

/** A concession card of a patient (section 3: type, concession_number, concession_other). */
export const concessionCards = pgTable(
  'patient_concession_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    position: integer('position').notNull().default(0),
    type: text('type').notNull(),
    concession_number: text('concession_number'),
    concession_other: text('concession_other'),
  },
  (t) => [index('patient_concession_cards_patient_idx').on(t.patient_id)],
);

/** A private health fund membership of a patient (section 3: type, health_fund_name, health_fund_num). */
export const healthFunds = pgTable(
  'patient_health_funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    position: integer('position').notNull().default(0),
    type: text('type'),
    health_fund_name: text('health_fund_name').notNull(),
    health_fund_num: text('health_fund_num'),
  },
  (t) => [index('patient_health_funds_patient_idx').on(t.patient_id)],
);

/** A patient's medical record number at an establishment (section 3 MRN entry). */
export const patientMrns = pgTable(
  'patient_mrns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    number: text('number').notNull(),
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    /** The establishment the number was recorded for when it came with a referral (MRN rework). */
    receiving_establishment_id: uuid('receiving_establishment_id').references(() => establishments.id),
    added_by_id: uuid('added_by_id').references(() => users.id),
    added_at: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_mrns_patient_idx').on(t.patient_id),
    index('patient_mrns_establishment_number_idx').using(
      'btree',
      t.establishment_id,
      sql`lower(${t.number}) text_pattern_ops`,
    ),
  ],
);

/**
 * Which establishments see which patients, with the keys a search filters and sorts on (patients.md,
 * Visibility): one row per establishment and patient while the establishment owns the record, holds an MRN
 * for it, or sent or received (not as a draft) a referral about it that is not deleted. Kept by triggers on
 * patients, patient_mrns and referrals (migration 0010), never written by the server, so a search walks one
 * index range of matching rows instead of rebuilding the caller's visible set for every query.
 */
export const visiblePatients = pgTable(
  'visible_patients',
  {
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** lower(last_name) and lower(first_name): prefix search and the list's order. */
    last_name_key: text('last_name_key').notNull(),
    first_name_key: text('first_name_key').notNull(),
    pub_insurance_details: text('pub_insurance_details'),
    dob: date('dob'),
    status: text('status').notNull(),
    is_imported: boolean('is_imported').notNull(),
    /** The establishment owns the record (filter_by_organisation). */
    owns: boolean('owns').notNull(),
    /** The establishment holds an MRN for the patient (with owns: within_establishment). */
    holds_mrn: boolean('holds_mrn').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.establishment_id, t.patient_id] }),
    index('visible_patients_name_idx').on(
      t.establishment_id,
      t.last_name_key,
      t.first_name_key,
      t.patient_id,
    ),
    index('visible_patients_last_name_prefix_idx').using(
      'btree',
      t.establishment_id,
      sql`${t.last_name_key} text_pattern_ops`,
    ),
    index('visible_patients_first_name_prefix_idx').using(
      'btree',
      t.establishment_id,
      sql`${t.first_name_key} text_pattern_ops`,
    ),
    index('visible_patients_medicare_prefix_idx').using(
      'btree',
      t.establishment_id,
      sql`${t.pub_insurance_details} text_pattern_ops`,
    ),
    index('visible_patients_patient_idx').on(t.patient_id),
  ],
);

/** A patient's id in an integrated clinical or practice system (section 3: one per system). */
export const patientExternalIds = pgTable(
  'patient_external_ids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    system: text('system').notNull(),
    external_id: text('external_id').notNull(),
  },
  (t) => [
    uniqueIndex('patient_external_ids_patient_system_key').on(t.patient_id, t.system),
    // A launch from a clinical record finds the patient by the record system's id.
    index('patient_external_ids_system_external_idx').on(t.system, t.external_id),
  ],
);

/**
 * A doctor or other health professional in a directory (section 3 Doctor directory entry): the shared
 * directory (establishment_id null, `doctors/`) or an establishment's own (`directory/{est}/doctors/`,
 * where role HCP entries are its Other HCPs contacts).
 */
export const directoryDoctors = pgTable(
  'directory_doctors',
  {
    ...entityColumns,
    establishment_id: uuid('establishment_id').references(() => establishments.id),
    /** The platform user this entry stands for, once they have an account. */
    user_id: uuid('user_id').references(() => users.id),
    created_by_id: uuid('created_by_id').references(() => users.id),
    title: text('title'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    /** GP, SP or HCP. */
    role: text('role').notNull(),
    provider_type: text('provider_type'),
    provider_num_list: jsonb('provider_num_list').$type<string[]>().notNull().default([]),
    practice_name: text('practice_name'),
    department_name: text('department_name'),
    email: text('email'),
    phone1: text('phone1'),
    address1: text('address1'),
    city: text('city'),
    state: text('state').notNull().default('NSW'),
    postcode: text('postcode'),
  },
  (t) => [
    index('directory_doctors_establishment_role_idx').on(t.establishment_id, t.role, t.last_name),
    index('directory_doctors_last_name_prefix_idx').using(
      'btree',
      sql`lower(${t.last_name}) text_pattern_ops`,
    ),
  ],
);
