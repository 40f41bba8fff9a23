import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { entityColumns } from './columns.ts';
import { establishments } from './establishments.ts';

/** A signed-in person: a provider (health professional or practice staff) or a patient or carer. */
export const users = pgTable(
  'users',
  {
    ...entityColumns,
    /** The key of the profile; stored lower-case so sign-in is case-insensitive. */
    email: text('email').notNull(),
    user_type: text('user_type').notNull().default('provider'),
    title: text('title').notNull().default('DR'),
    first_name: text('first_name').notNull(),
    middle_name: text('middle_name'),
    last_name: text('last_name').notNull(),
    dob: date('dob', { mode: 'string' }),
    phone: text('phone'),
    ahpra_num: text('ahpra_num'),
    provider_num_list: jsonb('provider_num_list').$type<string[]>().notNull().default([]),
    default_provider_num: text('default_provider_num'),
    default_provider_num_type: text('default_provider_num_type'),
    qualification: text('qualification'),
    /** GP, GPP, PM, PA, SP, SPT; null for patients. */
    role: text('role'),
    sub_role: text('sub_role'),
    profession: text('profession'),
    registration_completed: boolean('registration_completed').notNull().default(false),
    /** Minutes of inactivity before sign-out; null means the 30-minute default. */
    session_expiry: integer('session_expiry'),
    current_establishment_id: uuid('current_establishment_id').references(() => establishments.id),
    professional_association: text('professional_association'),
    member_number: text('member_number'),
    no_ahpra_and_professional_association: boolean('no_ahpra_and_professional_association')
      .notNull()
      .default(false),
    linkedin: text('linkedin'),
    website: text('website'),
    /** The email_* notification preferences of spec section 3; a missing flag is off. */
    email_notifications: jsonb('email_notifications').$type<Record<string, boolean>>().notNull().default({}),
    mfa_enabled: boolean('mfa_enabled').notNull().default(false),
    /** The TOTP secret (base32) while MFA is enabled or being enrolled. */
    mfa_secret: text('mfa_secret'),
    /** Stored file names (modules/files: DATA_DIR/uploads or the bucket) of the avatar and signature images. */
    avatar_image: text('avatar_image'),
    signature_image: text('signature_image'),
    signature: text('signature'),
    /** A secondary account linked to this one (section 7, link-secondary-account). */
    linked_account: text('linked_account'),
    /** The platform chosen on the platform selection screen (section 7, platform-subscription). */
    selected_platform: text('selected_platform'),
    /** The subject (`sub`) of this person at an external sign-in provider (OIDC_ISSUER), when one is used. */
    external_subject: text('external_subject'),
    /** argon2id; null until the person sets a password (e.g. an invited user). */
    password_hash: text('password_hash'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * A platform administrator approves and verifies new establishments. Set only by the demo seed or by
     * hand in the database, never through the API: no write body carries it.
     */
    is_platform_admin: boolean('is_platform_admin').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_ahpra_num_key')
      .on(t.ahpra_num)
      .where(sql`${t.ahpra_num} is not null`),
  ],
);

/** A user's place at an establishment: priority 1 primary, 2 secondary, 3 professional/personal. */
export const employments = pgTable(
  'employments',
  {
    ...entityColumns,
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    priority: integer('priority').notNull(),
    status: text('status').notNull().default('UNVERIFIED'),
    /** manage_referral, add_referral, accept_referral, administer_referral (spec section 6). */
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    is_verified_employee: boolean('is_verified_employee').notNull().default(false),
    is_head_of_department: boolean('is_head_of_department').notNull().default(false),
    has_special_access: boolean('has_special_access').notNull().default(false),
    has_shared_inbox_access: boolean('has_shared_inbox_access').notNull().default(false),
    has_shared_outbox_access: boolean('has_shared_outbox_access').notNull().default(false),
    can_send_referral: boolean('can_send_referral').notNull().default(true),
    is_account_holder: boolean('is_account_holder').notNull().default(false),
    signature: text('signature'),
    user_tag: text('user_tag'),
    user_tag_other: text('user_tag_other'),
    /** Who made the last change of status: DOCTOR (the employee) or ESTABLISHMENT (its account holder). */
    actioned_by: text('actioned_by'),
    /** For INVITED: who invited, and when the invitation lapses to INVITE_EXPIRED. */
    invited_by_id: uuid('invited_by_id').references(() => users.id),
    invite_expires_at: timestamp('invite_expires_at', { withTimezone: true }),
    /** Asked for at registration (wizard, special access); granted by the account holder. */
    special_access_requested: boolean('special_access_requested').notNull().default(false),
    head_of_department_requested: boolean('head_of_department_requested').notNull().default(false),
  },
  (t) => [
    index('employments_user_idx').on(t.user_id, t.priority),
    index('employments_establishment_status_idx').on(t.establishment_id, t.status),
    // One open employment per person and place; closed ones stay as history.
    uniqueIndex('employments_open_key')
      .on(t.user_id, t.establishment_id)
      .where(sql`${t.status} in ('UNVERIFIED', 'REQUESTED', 'INVITED', 'APPROVED')`),
  ],
);

/** A provider's specialties, in order of priority (spec section 3, Specialty). */
export const specialties = pgTable(
  'specialties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    priority: integer('priority').notNull(),
    practice: text('practice').notNull(),
    field: text('field'),
  },
  (t) => [index('specialties_user_idx').on(t.user_id, t.priority)],
);
