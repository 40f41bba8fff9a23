import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  ClinicalRecordFiling,
  ClinicalRecordRead,
  ClinicalSummary,
} from '@referrals/domain/clinical-record/clinical-record-schemas';
import type { ManualReferrer } from '@referrals/domain/referrals/manual-referral-schemas';
import type { MedicationOrderDraft } from '@referrals/domain/referrals/medication-order';
import { WAITING_STATUSES } from '@referrals/domain/analytics/waiting-times';
import { entityColumns } from './columns.ts';
import { establishments } from './establishments.ts';
import { patients } from './patients.ts';
import { users } from './people.ts';

/**
 * The statuses of a referral waiting at its receiver, as a literal list: the analytics' queries repeat it
 * as written, so that the planner matches referrals_waiting_idx also in a prepared statement's generic plan.
 */
export const WAITING_STATUSES_SQL = codeListLiteral(WAITING_STATUSES);

/** Codes (letters and underscores only) as an SQL list literal: `('SBMT', 'VWD')`. */
export function codeListLiteral(codes: readonly string[]): SQL {
  if (codes.some((code) => !/^[A-Z_]+$/.test(code))) throw new Error('Not a list of codes');
  return sql.raw(`(${codes.map((code) => `'${code}'`).join(', ')})`);
}

/** One earlier appointment, kept when a referral is rescheduled (reschedule_list). */
export type RescheduledAppointment = {
  appointment_date: string;
  appointment_location: string | null;
  reschedule_reason: string | null;
  other_reschedule_reason: string | null;
  rescheduled_at: string;
};

/**
 * A referral between establishments (spec section 3, Referral; referral-lifecycle.md). Archive, trash and
 * unread are kept per side, because the sender's and the receiver's lists are separate: one side
 * archiving never hides the referral from the other. `is_deleted` alone means gone for everyone (a draft
 * emptied from the trash); the visible_patients triggers follow it.
 */
export const referrals = pgTable(
  'referrals',
  {
    ...entityColumns,
    type: text('type').notNull(),
    status: text('status').notNull().default('DRFT'),
    patient_id: uuid('patient_id').references(() => patients.id),
    referrer_id: uuid('referrer_id').references(() => users.id),
    from_establishment_id: uuid('from_establishment_id').references(() => establishments.id),
    to_establishment_id: uuid('to_establishment_id').references(() => establishments.id),
    assignee_id: uuid('assignee_id').references(() => users.id),
    assignee_other: text('assignee_other'),
    no_named_specialist: boolean('no_named_specialist').notNull().default(false),
    referrer_message: text('referrer_message'),
    /** The digital medication-order page (section 4), as the draft saved it; null when there is none. */
    medication_order: jsonb('medication_order').$type<MedicationOrderDraft>(),
    /** The clinical summary read from the sender's clinical record, as the sender left it; null without one. */
    clinical_summary: jsonb('clinical_summary').$type<ClinicalSummary>(),
    /** What was read from the clinical record for the summary, and when. */
    clinical_record: jsonb('clinical_record').$type<ClinicalRecordRead>(),
    /** The launch the referral was made from, whose record system the letter is filed back to. */
    clinical_record_launch_id: uuid('clinical_record_launch_id'),
    /** The letter's filing back to that record system: queued, filed or failed. */
    clinical_record_filing: jsonb('clinical_record_filing').$type<ClinicalRecordFiling>(),
    referrer_provider_num: text('referrer_provider_num'),
    receiver_message: text('receiver_message'),
    /** Months the referral stays valid: 12 by default, 3 from a specialist. */
    duration: integer('duration').notNull().default(12),
    custom: boolean('custom').notNull().default(false),
    automatic_renewal: boolean('automatic_renewal').notNull().default(false),
    hide_referrer_contact_from_patient: boolean('hide_referrer_contact_from_patient').notNull().default(true),
    hide_referrer_contact_from_assignee: boolean('hide_referrer_contact_from_assignee')
      .notNull()
      .default(true),
    hide_referrer_contact_from_others: boolean('hide_referrer_contact_from_others').notNull().default(false),
    appointment_date: timestamp('appointment_date', { withTimezone: true }),
    appointment_location: text('appointment_location'),
    show_appointment_details: boolean('show_appointment_details').notNull().default(true),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    /**
     * When the receiver first accepted, waitlisted or scheduled it since its latest submission: the end of
     * the wait for triage (docs/analytics.md). A resubmission clears it.
     */
    triaged_at: timestamp('triaged_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    email_notify_referrer: boolean('email_notify_referrer').notNull().default(false),
    email_notify_patient: boolean('email_notify_patient').notNull().default(false),
    email_copy_to_patient: boolean('email_copy_to_patient').notNull().default(false),
    email_copy_to_referrer: boolean('email_copy_to_referrer').notNull().default(false),
    receiver_email_notify_patient: boolean('receiver_email_notify_patient').notNull().default(false),
    receiver_email_notify_referrer: boolean('receiver_email_notify_referrer').notNull().default(false),
    receiver_remember_email_notify_settings: boolean('receiver_remember_email_notify_settings')
      .notNull()
      .default(false),
    /** Form data by template name (section 3 Form template). */
    forms: jsonb('forms').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    is_forwarded: boolean('is_forwarded').notNull().default(false),
    is_updated: boolean('is_updated').notNull().default(false),
    is_renew_referral: boolean('is_renew_referral').notNull().default(false),
    is_recalled: boolean('is_recalled').notNull().default(false),
    is_rescheduled: boolean('is_rescheduled').notNull().default(false),
    is_renewed: boolean('is_renewed').notNull().default(false),
    imported_from: text('imported_from'),
    vitro_episode_id: text('vitro_episode_id'),
    palcare_uuid: text('palcare_uuid'),
    mrn: text('mrn'),
    gen_number: text('gen_number'),
    manual_gp: text('manual_gp'),
    /** A MANUAL referral's referrer, outside the product: typed, or copied from a directory entry. */
    manual_referrer: jsonb('manual_referrer').$type<ManualReferrer>(),
    /** The import item a MANUAL referral was converted from. */
    import_item_id: uuid('import_item_id'),
    manual_internal_note: text('manual_internal_note'),
    supervisor_name: text('supervisor_name'),
    supervisor_provider_number: text('supervisor_provider_number'),
    supervisor_email: text('supervisor_email'),
    // Triage and service (section 3).
    service_note: text('service_note'),
    service_note_other: text('service_note_other'),
    triage_priority: text('triage_priority'),
    triage_waittime: text('triage_waittime'),
    triage_category: text('triage_category'),
    triage_level_or_tier: text('triage_level_or_tier'),
    triage_notes: text('triage_notes'),
    waitlist_period: text('waitlist_period'),
    waitlist_notes: text('waitlist_notes'),
    // Reasons and messages (section 3).
    return_reason: text('return_reason'),
    other_return_reason: text('other_return_reason'),
    recall_reason: text('recall_reason'),
    other_recall_reason: text('other_recall_reason'),
    recall_message: text('recall_message'),
    reschedule_reason: text('reschedule_reason'),
    other_reschedule_reason: text('other_reschedule_reason'),
    reschedule_list: jsonb('reschedule_list').$type<RescheduledAppointment[]>().notNull().default([]),
    /** A reschedule saved before it is committed (section 4: reschedule with a draft). */
    reschedule_draft: jsonb('reschedule_draft').$type<Record<string, unknown>>(),
    renewal_reason: text('renewal_reason'),
    renewal_duration: integer('renewal_duration').notNull().default(12),
    renewed_from_referral_id: uuid('renewed_from_referral_id').references((): AnyPgColumn => referrals.id),
    forwarded_from_referral_id: uuid('forwarded_from_referral_id').references(
      (): AnyPgColumn => referrals.id,
    ),
    forwarded_to_establishment_id: uuid('forwarded_to_establishment_id').references(() => establishments.id),
    forwarded_assignee_id: uuid('forwarded_assignee_id').references(() => users.id),
    forwarded_message: text('forwarded_message'),
    forwarded_reason: text('forwarded_reason'),
    other_forwarded_reason: text('other_forwarded_reason'),
    forwarded_no_named_specialist: boolean('forwarded_no_named_specialist').notNull().default(false),
    // The receiver as the sender typed it, for MANUAL referrals and receivers not in the product.
    referral_receiver_establishment_address1: text('referral_receiver_establishment_address1'),
    referral_receiver_establishment_city: text('referral_receiver_establishment_city'),
    referral_receiver_establishment_email: text('referral_receiver_establishment_email'),
    referral_receiver_establishment_phone1: text('referral_receiver_establishment_phone1'),
    referral_receiver_establishment_postcode: text('referral_receiver_establishment_postcode'),
    referral_receiver_establishment_practice_name: text('referral_receiver_establishment_practice_name'),
    referral_receiver_establishment_department_name: text('referral_receiver_establishment_department_name'),
    referral_receiver_establishment_state: text('referral_receiver_establishment_state'),
    referral_receiver_establishment_type: text('referral_receiver_establishment_type'),
    referral_receiver_first_name: text('referral_receiver_first_name'),
    referral_receiver_last_name: text('referral_receiver_last_name'),
    referral_receiver_title: text('referral_receiver_title'),
    // Per side: archive, trash, unread.
    sender_archived: boolean('sender_archived').notNull().default(false),
    receiver_archived: boolean('receiver_archived').notNull().default(false),
    sender_deleted: boolean('sender_deleted').notNull().default(false),
    receiver_deleted: boolean('receiver_deleted').notNull().default(false),
    /** The receiver side has not opened it since it arrived (inbox unread). */
    receiver_unread: boolean('receiver_unread').notNull().default(false),
    /** The sender side has not seen the receiver's latest change (outbox unread). */
    sender_unread: boolean('sender_unread').notNull().default(false),
    is_deleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [
    // Inbox and outbox pages filter by establishment, side flags and status and sort newest first. A
    // composite index whose leading columns are the filter and whose last is the order lets one page read
    // 10 index entries at 1M referrals (bench/referral-lists.ts).
    index('referrals_inbox_idx')
      .on(t.to_establishment_id, t.status, t.submitted_at.desc(), t.id)
      .where(sql`not ${t.receiver_archived} and not ${t.receiver_deleted} and not ${t.is_deleted}`),
    index('referrals_outbox_idx')
      .on(t.from_establishment_id, t.status, t.submitted_at.desc(), t.id)
      .where(sql`not ${t.sender_archived} and not ${t.sender_deleted} and not ${t.is_deleted}`),
    index('referrals_inbox_all_idx')
      .on(t.to_establishment_id, t.submitted_at.desc(), t.id)
      .where(sql`not ${t.is_deleted}`),
    index('referrals_outbox_all_idx')
      .on(t.from_establishment_id, t.created_at.desc(), t.id)
      .where(sql`not ${t.is_deleted}`),
    index('referrals_patient_idx').on(t.patient_id),
    // The FHIR API's searches (modules/fhir) page each side by last change, newest first.
    index('referrals_sender_updated_idx')
      .on(t.from_establishment_id, t.updated_at.desc(), t.id.desc())
      .where(sql`not ${t.is_deleted}`),
    index('referrals_receiver_updated_idx')
      .on(t.to_establishment_id, t.updated_at.desc(), t.id.desc())
      .where(sql`not ${t.is_deleted}`),
    // A list's patient-name or MRN search finds the caller's establishment's matching patients first (in
    // visible_patients) and then their referrals on the caller's side (referral-search-conditions.ts): led by
    // the establishment, the patients' entries lie together in a few pages, which made the search a third
    // cheaper than the same index led by the patient (bench/referral-lists.ts).
    index('referrals_sender_patient_idx')
      .on(t.from_establishment_id, t.patient_id)
      .where(sql`not ${t.is_deleted}`),
    // The few referrals deleted for good, by sender: the reports inbox leaves their reports out
    // (reportBoxWhere) without joining every referral the establishment sent.
    index('referrals_sender_deleted_idx')
      .on(t.from_establishment_id)
      .where(sql`${t.is_deleted}`),
    index('referrals_receiver_patient_idx')
      .on(t.to_establishment_id, t.patient_id)
      .where(sql`not ${t.is_deleted}`),
    // The referral's own MRN, which the same searches match: only referrals that have one are indexed.
    index('referrals_sender_mrn_idx')
      .using('btree', t.from_establishment_id, sql`lower(${t.mrn}) text_pattern_ops`)
      .where(sql`${t.mrn} is not null and not ${t.is_deleted}`),
    index('referrals_receiver_mrn_idx')
      .using('btree', t.to_establishment_id, sql`lower(${t.mrn}) text_pattern_ops`)
      .where(sql`${t.mrn} is not null and not ${t.is_deleted}`),
    // Drafts the receiver still sees (recalled after submission): visible_patients gives no receiver a reason
    // to see a draft's patient, so a search looks at these rows' patients besides (few at any time).
    index('referrals_received_drafts_idx')
      .on(t.to_establishment_id)
      .where(sql`${t.status} = 'DRFT' and ${t.submitted_at} is not null and not ${t.is_deleted}`),
    // Waiting times and volumes (docs/analytics.md): each figure reads one establishment's referrals by the
    // date its range is about (received or sent, triaged, seen) or those waiting now, never the whole table;
    // the columns after the date are the ones the figure reads, so that it is read from the index alone (an
    // index-only scan, on pages the visibility map knows). Read from the table, a year of a hospital's
    // referrals was 9,000 to 15,000 pages a figure, which with 5 clients put the p99s over 200 ms
    // (bench/analytics.ts).
    index('referrals_received_submitted_idx')
      .on(
        t.to_establishment_id,
        t.submitted_at,
        t.from_establishment_id,
        t.status,
        t.is_recalled,
        t.return_reason,
        t.recall_reason,
        t.forwarded_reason,
      )
      .where(sql`${t.submitted_at} is not null and not ${t.is_deleted}`),
    index('referrals_sent_submitted_idx')
      .on(t.from_establishment_id, t.submitted_at, t.to_establishment_id)
      .where(sql`${t.submitted_at} is not null and not ${t.is_deleted}`),
    index('referrals_received_triaged_idx')
      .on(t.to_establishment_id, t.triaged_at, t.triage_category, t.submitted_at)
      .where(sql`${t.triaged_at} is not null and not ${t.is_deleted}`),
    index('referrals_received_appointment_idx')
      .on(t.to_establishment_id, t.appointment_date, t.status, t.triage_category, t.submitted_at)
      .where(sql`${t.appointment_date} is not null and not ${t.is_deleted}`),
    index('referrals_waiting_idx')
      .on(t.to_establishment_id, t.submitted_at, t.status, t.triage_category)
      .where(sql`${t.status} in ${WAITING_STATUSES_SQL} and not ${t.is_deleted}`),
    index('referrals_forwarded_from_idx').on(t.forwarded_from_referral_id),
    index('referrals_renewed_from_idx').on(t.renewed_from_referral_id),
  ],
);

/**
 * What happened to a referral, one row per create, update and transition (referral-lifecycle.md): shown
 * to both sides on the referral page. The audit log proves who read what; this is the clinical record.
 */
export const referralHistory = pgTable(
  'referral_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    actor_id: uuid('actor_id').references(() => users.id),
    establishment_id: uuid('establishment_id').references(() => establishments.id),
    /** The reason fields and message the action took, as given. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_history_referral_idx').on(t.referral_id, t.occurred_at)],
);

/** Read access to a referral for another establishment or a colleague (the share action). */
export const referralShares = pgTable(
  'referral_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    establishment_id: uuid('establishment_id').references(() => establishments.id),
    user_id: uuid('user_id').references(() => users.id),
    shared_by_id: uuid('shared_by_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_shares_referral_idx').on(t.referral_id),
    index('referral_shares_establishment_idx').on(t.establishment_id, t.created_at.desc()),
    index('referral_shares_user_idx').on(t.user_id, t.created_at.desc()),
  ],
);

/** A file on a referral: referrer, receiver, reschedule or supplementary (section 3 Attachment, 7). */
export const referralAttachments = pgTable(
  'referral_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The form field the file belongs to, and the uploader's note (meta). */
    field: text('field'),
    note: text('note'),
    original_name: text('original_name').notNull(),
    stored_name: text('stored_name').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploaded_by_id: uuid('uploaded_by_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_attachments_referral_idx').on(t.referral_id, t.kind, t.created_at)],
);

/** A receiving establishment's referral form (section 3 Form template): tmsv 1.0 or 1.1, sections of fields. */
export const formTemplates = pgTable(
  'form_templates',
  {
    ...entityColumns,
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    name: text('name').notNull(),
    title: text('title').notNull(),
    tmsv: text('tmsv').notNull().default('1.1'),
    sections: jsonb('sections').$type<unknown[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [index('form_templates_establishment_idx').on(t.establishment_id, t.position)],
);

/** A tag an establishment's staff put on a referral (my_tags filters by them). */
export const referralTags = pgTable(
  'referral_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    user_id: uuid('user_id').references(() => users.id),
    label: text('label').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_tags_referral_idx').on(t.referral_id),
    index('referral_tags_user_idx').on(t.user_id, t.referral_id),
  ],
);

/** A sticky note on a referral, seen by the side that wrote it. */
export const referralStickyNotes = pgTable(
  'referral_sticky_notes',
  {
    ...entityColumns,
    referral_id: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    author_id: uuid('author_id').references(() => users.id),
    body: text('body').notNull(),
  },
  (t) => [index('referral_sticky_notes_referral_idx').on(t.referral_id, t.establishment_id)],
);

/** A reusable message for referral actions, per establishment (referrals/templates/messages/). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    ...entityColumns,
    establishment_id: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id),
    name: text('name').notNull(),
    body: text('body').notNull(),
    message_type: text('message_type').notNull(),
  },
  (t) => [index('message_templates_establishment_idx').on(t.establishment_id, t.message_type, t.name)],
);

/**
 * The secret behind a referral's verification code (section 3; packages/domain verification-code.ts).
 * The code itself is never stored: it is derived from the secret and the period since `issued_at`, like an
 * authenticator's. Issuing a new code replaces the secret, which ends every earlier code at once.
 */
export const referralVerificationCodes = pgTable('referral_verification_codes', {
  referral_id: uuid('referral_id')
    .primaryKey()
    .references(() => referrals.id, { onDelete: 'cascade' }),
  /** Base32, 160 random bits (RFC 4226's recommended length). */
  secret: text('secret').notNull(),
  issued_at: timestamp('issued_at', { withTimezone: true }).notNull(),
  issued_by_id: uuid('issued_by_id').references(() => users.id),
});
