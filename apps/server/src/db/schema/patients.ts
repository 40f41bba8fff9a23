import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('patients_establishment_name_idx').on(t.establishment_id, t.last_name, t.first_name),
    index('patients_establishment_dob_idx').on(t.establishment_id, t.dob),
  ],
);
