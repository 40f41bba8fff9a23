import { NUL_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';
import { CodedValueSchema } from '../api.ts';
import { ManualReferrerViewSchema } from './manual-referral-schemas.ts';
import {
  ClinicalRecordFilingSchema,
  ClinicalRecordReadSchema,
  ClinicalSummarySchema,
} from '../clinical-record/clinical-record-schemas.ts';
import { MedicationOrderDraftSchema } from './medication-order.ts';
import { ReferralTagSchema, StickyNoteSchema } from './referral-annotation-schemas.ts';
import { ReferralTypeSchema } from './referral-codes.ts';

/**
 * The referral as the API sends and receives it (spec sections 3 Referral, 7 Referrals). Field names are
 * the spec's. A write body names people and places by id; the answer carries them as small objects.
 */

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\0]*$/, { message: NUL_MESSAGE });

/** Free-text fields the sender edits on a draft (receiver details, EMR, supervisor, manual GP). */
export const REFERRAL_SENDER_TEXT_FIELDS = [
  'assignee_other',
  'referrer_provider_num',
  'mrn',
  'gen_number',
  'palcare_uuid',
  'manual_gp',
  'manual_internal_note',
  'supervisor_name',
  'supervisor_provider_number',
  'supervisor_email',
  'referral_receiver_establishment_address1',
  'referral_receiver_establishment_city',
  'referral_receiver_establishment_email',
  'referral_receiver_establishment_phone1',
  'referral_receiver_establishment_postcode',
  'referral_receiver_establishment_practice_name',
  'referral_receiver_establishment_department_name',
  'referral_receiver_establishment_state',
  'referral_receiver_establishment_type',
  'referral_receiver_first_name',
  'referral_receiver_last_name',
  'referral_receiver_title',
] as const;

/** Switches the sender sets on a draft (section 3: contact hiding, e-mail copies, renewal). */
export const REFERRAL_SENDER_FLAGS = [
  'no_named_specialist',
  'custom',
  'automatic_renewal',
  'hide_referrer_contact_from_patient',
  'hide_referrer_contact_from_assignee',
  'hide_referrer_contact_from_others',
  'email_notify_referrer',
  'email_notify_patient',
  'email_copy_to_patient',
  'email_copy_to_referrer',
] as const;

/** Texts the receiver side fills through the actions; read-only in a write body. */
export const REFERRAL_RECEIVER_TEXT_FIELDS = [
  'receiver_message',
  'service_note',
  'service_note_other',
  'triage_priority',
  'triage_waittime',
  'triage_category',
  'triage_level_or_tier',
  'triage_notes',
  'waitlist_period',
  'waitlist_notes',
  'appointment_location',
  'return_reason',
  'other_return_reason',
  'recall_reason',
  'other_recall_reason',
  'recall_message',
  'reschedule_reason',
  'other_reschedule_reason',
  'renewal_reason',
  'forwarded_message',
  'forwarded_reason',
  'other_forwarded_reason',
  'imported_from',
  'vitro_episode_id',
] as const;

type Keys = readonly string[];
function fieldsOf<const K extends Keys, S extends z.ZodType>(keys: K, schema: () => S) {
  return Object.fromEntries(keys.map((key) => [key, schema()])) as { [P in K[number]]: S };
}

const idOrNull = z.uuid({ message: 'Must be a valid id.' }).nullable();

/**
 * POST referrals/ and PUT/PATCH referrals/{id}/ on a draft (section 7): everything optional, so a draft can
 * be saved at any step of the wizard; submit checks what a referral must have. `from_establishment` is
 * always the caller's current establishment: a different one is a 400.
 */
export const ReferralWriteSchema = z.object({
  type: ReferralTypeSchema.optional(),
  patient: idOrNull.optional(),
  from_establishment: z.uuid({ message: 'Must be a valid id.' }).optional(),
  to_establishment: idOrNull.optional(),
  assignee: idOrNull.optional(),
  referrer_message: text(20_000).nullable().optional(),
  duration: z.int().min(1).max(120).optional(),
  renewal_duration: z.int().min(1).max(120).optional(),
  ...fieldsOf(REFERRAL_SENDER_TEXT_FIELDS, () => text(500).nullable().optional()),
  ...fieldsOf(REFERRAL_SENDER_FLAGS, () => z.boolean().optional()),
  /** The digital medication-order page (section 4); submit checks it against the receiver (medication-order.ts). */
  medication_order: MedicationOrderDraftSchema.nullable().optional(),
  /** The clinical summary read from the sender's record (a clinical record launch), as the sender edits it. */
  clinical_summary: ClinicalSummarySchema.nullable().optional(),
  /** The optimistic lock of an update: a stale version is a 409. */
  version: z.int().min(1).optional(),
});
export type ReferralWrite = z.infer<typeof ReferralWriteSchema>;

/** POST referrals/ also needs the type (section 7). */
export const ReferralCreateSchema = ReferralWriteSchema.extend({
  type: ReferralTypeSchema.default('IN-APP'),
});
export type ReferralCreate = z.infer<typeof ReferralCreateSchema>;

/** The fields submit requires (referral-lifecycle.md, submit), with the spec's message. */
export const SUBMIT_REQUIRED_MESSAGE = REQUIRED_MESSAGE;

const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
const PlaceRefSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });
/**
 * The receiver, with whether it takes digital medication orders and advice and guidance requests: the
 * wizard's steps and the types it offers depend on them.
 */
const ReceiverRefSchema = PlaceRefSchema.extend({
  digital_ordering: z.boolean(),
  accepts_advice_and_guidance: z.boolean(),
  /** Its staff and the referrer's may hold a case conference on the referral (section 3 Establishment). */
  case_conferences_enabled: z.boolean(),
});

/** Which side of a referral the caller is on (referral-lifecycle.md, Sides). */
export const ReferralSideSchema = z.enum(['sender', 'receiver', 'shared']);
export type ReferralSideOfCaller = z.infer<typeof ReferralSideSchema>;

/** The patient as a referral shows them: enough to recognise, the record itself is under patients/. */
export const ReferralPatientSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string(),
  sex: z.string().nullable(),
  pub_insurance_details: z.string().nullable(),
});

/** GET referrals/{id}/ and every action's answer (section 3 Referral). */
export const ReferralSchema = z.object({
  id: z.string(),
  version: z.int(),
  type: ReferralTypeSchema,
  status: CodedValueSchema,
  patient: ReferralPatientSchema.nullable(),
  referrer: PersonRefSchema.nullable(),
  from_establishment: PlaceRefSchema.nullable(),
  to_establishment: ReceiverRefSchema.nullable(),
  assignee: PersonRefSchema.nullable(),
  /**
   * A MANUAL referral's referrer, outside the product (typed from the letter or taken from the directory);
   * such a referral has no `referrer` and no `from_establishment`. Null for every other referral.
   */
  manual_referrer: ManualReferrerViewSchema.nullable(),
  referrer_message: z.string().nullable(),
  medication_order: MedicationOrderDraftSchema.nullable(),
  clinical_summary: ClinicalSummarySchema.nullable(),
  /** What was read from the sender's clinical record for the summary, and when; null without a launch. */
  clinical_record: ClinicalRecordReadSchema.nullable(),
  /** The letter filed back to that record; null until the sender files it. */
  clinical_record_filing: ClinicalRecordFilingSchema.nullable(),
  duration: z.int(),
  renewal_duration: z.int(),
  ...fieldsOf(REFERRAL_SENDER_TEXT_FIELDS, () => z.string().nullable()),
  ...fieldsOf(REFERRAL_SENDER_FLAGS, () => z.boolean()),
  ...fieldsOf(REFERRAL_RECEIVER_TEXT_FIELDS, () => z.string().nullable()),
  appointment_date: z.string().nullable(),
  show_appointment_details: z.boolean(),
  reschedule_list: z.array(z.record(z.string(), z.unknown())),
  submitted_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  is_forwarded: z.boolean(),
  is_updated: z.boolean(),
  is_renew_referral: z.boolean(),
  is_recalled: z.boolean(),
  is_rescheduled: z.boolean(),
  is_renewed: z.boolean(),
  forwarded_from_referral_id: z.string().nullable(),
  forwarded_to_establishment: PlaceRefSchema.nullable(),
  renewed_from_referral_id: z.string().nullable(),
  /** The caller's side, and what this side has done with it (archive and trash are per side). */
  side: ReferralSideSchema,
  is_archived: z.boolean(),
  is_deleted: z.boolean(),
  unread: z.boolean(),
  /** The actions the caller's side may take now (the lifecycle table, referral-lifecycle.md). */
  allowed_actions: z.array(z.string()),
  /** The caller's establishment's own tags and sticky notes; none for a shared-with reader. */
  tags: z.array(ReferralTagSchema),
  sticky_notes: z.array(StickyNoteSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Referral = z.infer<typeof ReferralSchema>;

/** One row of a referral's history (referral-lifecycle.md: visible to both sides). */
export const ReferralHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  actor: PersonRefSchema.nullable(),
  establishment: PlaceRefSchema.nullable(),
  detail: z.record(z.string(), z.unknown()),
  occurred_at: z.string(),
});
export type ReferralHistoryEntry = z.infer<typeof ReferralHistoryEntrySchema>;
export const ReferralHistorySchema = z.array(ReferralHistoryEntrySchema);

/** The 409 of an action the lifecycle does not allow, naming the referral's current status. */
export const ReferralConflictSchema = z.object({
  detail: z.string(),
  status: CodedValueSchema.optional(),
});
