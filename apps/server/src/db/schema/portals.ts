import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ExternalPatient, ExternalSender } from '@referrals/domain/portals/external-referral-schemas';
import { entityColumns } from './columns.ts';
import { establishments } from './establishments.ts';
import { referrals } from './referrals.ts';

/**
 * A referral being written on a public portal by someone without an account (docs/portals.md). The browser
 * holds the draft's secret (only its hash is here); the draft expires, and once submitted names the
 * EXTERNAL referral it became, so a repeated submit answers that one.
 */
export const externalReferralDrafts = pgTable(
  'external_referral_drafts',
  {
    ...entityColumns,
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    /** sha256 of the draft's secret (X-Draft-Token). */
    token_hash: text('token_hash').notNull().unique(),
    sender_type: text('sender_type'),
    sender: jsonb('sender').$type<ExternalSender>().notNull().default({}),
    patient: jsonb('patient').$type<ExternalPatient>().notNull().default({}),
    referrer_message: text('referrer_message'),
    forms: jsonb('forms').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    consent: boolean('consent').notNull().default(false),
    /** sha256 of the emailed code and when it was sent (it changes every 60 s). */
    code_hash: text('code_hash'),
    code_sent_at: timestamp('code_sent_at', { withTimezone: true }),
    /** Wrong codes since the last one sent: too many and the code is spent. */
    code_failures: integer('code_failures').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    referral_id: uuid('referral_id').references(() => referrals.id),
  },
  (t) => [index('external_referral_drafts_expiry_idx').on(t.expires_at)],
);

/** A file the sender attached to a draft; it moves to the referral on submit. */
export const externalDraftFiles = pgTable(
  'external_draft_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draft_id: uuid('draft_id')
      .notNull()
      .references(() => externalReferralDrafts.id, { onDelete: 'cascade' }),
    /** Stored file name (modules/files: DATA_DIR/uploads or the bucket); null once moved to the referral. */
    file: text('file'),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The template file field it answers, or null for the referral's own attachments. */
    field: text('field'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('external_draft_files_draft_idx').on(t.draft_id, t.created_at)],
);

/**
 * Captcha solutions already used (ALTCHA keeps no memory of its own): a solution is taken once, and its
 * row is kept until the challenge expires, after which the challenge itself is refused.
 */
export const usedCaptchaChallenges = pgTable(
  'used_captcha_challenges',
  {
    /** The challenge's signature, unique per challenge the server issued. */
    signature: text('signature').primaryKey(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captcha_challenges_expiry_idx').on(t.expires_at)],
);

/**
 * A health network or organisation (spec sections 1 and 9 Organisation list) that publishes one portal for
 * its services (docs/portals.md, Health network portals): its establishments are those whose
 * `health_organisation_network` is its `code`, and the portal at /refer/{slug} (or at its own web address,
 * `host`) lets a sender choose among the ones that publish a portal of their own, under its branding.
 * Kept by the platform's administrators, since a network spans establishments that no one of them owns.
 */
export const healthNetworks = pgTable('health_networks', {
  ...entityColumns,
  /** The organisation code establishments name in health_organisation_network. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Its portal's address, /refer/{slug}; no establishment has the same slug. */
  slug: text('slug').notNull().unique(),
  /** Its own web address (host name, lower case) serving the portal at /refer, or null. */
  host: text('host').unique(),
  portal_enabled: boolean('portal_enabled').notNull().default(false),
  portal_sender_types: jsonb('portal_sender_types')
    .$type<string[]>()
    .notNull()
    .default(['PATIENT', 'PROVIDER']),
  portal_colour: text('portal_colour'),
  portal_intro: text('portal_intro'),
  /** Stored file name (modules/files: DATA_DIR/uploads or the bucket) of its logo. */
  logo: text('logo'),
});
