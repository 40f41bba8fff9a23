import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.ts';

/**
 * A launch from a clinical record system (SMART App Launch; docs/clinical-record.md), from the redirect to
 * its authorization server to the draft made from it. While it is `started` it holds what the token
 * exchange needs (the state's hash, the PKCE verifier, the nonce); once `authorized`, the person it
 * matched, the patient in context and the record system's tokens, which the letter's filing back uses.
 */
export const clinicalRecordLaunches = pgTable(
  'clinical_record_launches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The key of the record system in CLINICAL_RECORD_SYSTEMS. */
    system: text('system').notNull(),
    status: text('status').$type<'started' | 'authorized'>().notNull().default('started'),
    /** sha256 of the OAuth state, so a copy of the table cannot complete someone's launch. */
    state_hash: text('state_hash').notNull(),
    code_verifier: text('code_verifier'),
    nonce: text('nonce'),
    user_id: uuid('user_id').references(() => users.id),
    /** The FHIR id of the patient in context (the token's `patient`). */
    patient_id: text('patient_id'),
    /** The token's fhirUser: the person signed in at the record system. */
    fhir_user: text('fhir_user'),
    access_token: text('access_token'),
    refresh_token: text('refresh_token'),
    token_expires_at: timestamp('token_expires_at', { withTimezone: true }),
    /** The draft made from the launch, so opening the same launch again opens the same draft. */
    referral_id: uuid('referral_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A started launch lasts 10 minutes; an authorized one as long as its refresh token may. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('clinical_record_launches_state_key').on(t.state_hash),
    index('clinical_record_launches_expires_idx').on(t.expires_at),
  ],
);

/**
 * The person a record system's user is (fhirUser), once matched by email: later launches match on this,
 * so an email changed on either side does not lose the link.
 */
export const clinicalRecordIdentities = pgTable(
  'clinical_record_identities',
  {
    system: text('system').notNull(),
    fhir_user: text('fhir_user').notNull(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.system, t.fhir_user] }),
    index('clinical_record_identities_user_idx').on(t.user_id),
  ],
);
