import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.ts';

/** General practices, clinics, hospitals, their departments and personal spaces (spec section 3). */
export const establishments = pgTable(
  'establishments',
  {
    ...entityColumns,
    name: text('name').notNull(),
    /** CL clinic, HL hospital, PR general practice, DT department, PA personal or practitioner space. */
    type: text('type').notNull(),
    /** A department's hospital. */
    hospital_id: uuid('hospital_id').references((): AnyPgColumn => establishments.id),
    slug: text('slug'),
    phone1: text('phone1'),
    phone2: text('phone2'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state').notNull().default('NSW'),
    postcode: text('postcode'),
    email: text('email'),
    website: text('website'),
    description: text('description'),
    is_approved: boolean('is_approved').notNull().default(false),
    is_verified: boolean('is_verified').notNull().default(false),
    accepts_join_requests: boolean('accepts_join_requests').notNull().default(false),
    accepts_in_app_referrals: boolean('accepts_in_app_referrals').notNull().default(false),
    disable_auto_allocation: boolean('disable_auto_allocation').notNull().default(false),
    allows_shared_inbox_access: boolean('allows_shared_inbox_access').notNull().default(false),
    allows_cpl_and_shared_outbox_access: boolean('allows_cpl_and_shared_outbox_access')
      .notNull()
      .default(false),
    case_conferences_enabled: boolean('case_conferences_enabled').notNull().default(false),
    sms_enabled: boolean('sms_enabled').notNull().default(false),
    /** Takes digital medication orders: referrals to it have the medication-order page (section 4). */
    digital_ordering: boolean('digital_ordering').notNull().default(false),
    /** Lets its health network's view of waiting times and volumes include it (docs/analytics.md). */
    shares_waiting_times: boolean('shares_waiting_times').notNull().default(false),
    /** Takes advice and guidance requests (section 1): the wizard offers the type for it. */
    accepts_advice_and_guidance: boolean('accepts_advice_and_guidance').notNull().default(false),
    /**
     * Sending domains whose mail the intake address (referrals+{slug}@INBOUND_MAIL_DOMAIN) accepts into
     * the import queue, lower case (docs/import-queue.md). Empty: the intake takes no mail.
     */
    intake_sender_domains: jsonb('intake_sender_domains').$type<string[]>().notNull().default([]),
    /** Publishes the public referral portal at /refer/{slug} (docs/portals.md). */
    portal_enabled: boolean('portal_enabled').notNull().default(false),
    /** Who may send through the portal: PATIENT, PROVIDER. */
    portal_sender_types: jsonb('portal_sender_types')
      .$type<string[]>()
      .notNull()
      .default(['PATIENT', 'PROVIDER']),
    /** The portal's brand colour (#rrggbb); null for the product's own. */
    portal_colour: text('portal_colour'),
    /** A short welcome shown above the portal's form. */
    portal_intro: text('portal_intro'),
    /** Stored file name (modules/files: DATA_DIR/uploads or the bucket) of the branding logo shown in the top bar and on portals. */
    branding_logo: text('branding_logo'),
    /** Service types offered (section 9 Service types: ADULT, CY, PUBLIC, ...). */
    services: jsonb('services').$type<string[]>().notNull().default([]),
    /** The health organisation network the establishment belongs to (section 9 Organisation list). */
    health_organisation_network: text('health_organisation_network'),
    /** Who created it; they may edit it until an account holder exists. Null for seeded or imported ones. */
    created_by_id: uuid('created_by_id'),
  },
  (t) => [
    index('establishments_type_name_idx').on(t.type, t.name),
    index('establishments_hospital_idx').on(t.hospital_id),
    uniqueIndex('establishments_slug_key').on(t.slug),
    // A health network's portal lists its establishments (docs/portals.md, Health network portals).
    index('establishments_health_network_idx').on(t.health_organisation_network),
  ],
);
