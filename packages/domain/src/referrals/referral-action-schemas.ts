import { z } from 'zod';
import {
  AppointmentInstantSchema,
  emptyToNull,
  optionalBoolean,
  optionalChoice,
  optionalId,
  optionalText,
  otherReasonRule,
  receiverNotificationShape,
  requiredChoice,
  requiredId,
  requiredText,
  requiredWhen,
  isMissing,
} from './referral-action-fields.ts';
import { triageCategories, triagePriorities } from './referral-codes.ts';
import {
  forwardReasons,
  recallReasons,
  rescheduleReasons,
  returnReasons,
  serviceNotes,
} from './referral-reason-codes.ts';

/**
 * Request bodies of the referral actions that take input (spec sections 3 Triage and service fields,
 * Reason and message fields; 4 Receiver triage flow; 5 Other messages; referral-lifecycle.md). The server
 * validates with them, dry run and commit alike, and the forms use them with react-hook-form, so a field
 * shows the server's message before the server is asked. The kinds of field are in
 * referral-action-fields.ts.
 */

/** A renewal_duration outside 1 to MAX_RENEWAL_MONTHS whole months. */
export const RENEWAL_DURATION_MESSAGE = 'Enter a duration from 1 to 60 months.';
/** A share that names neither an establishment nor a colleague (a non_field_errors message). */
export const SHARE_TARGET_MESSAGE = 'Choose an establishment or a colleague.';
/** A share that names both (a non_field_errors message). */
export const SHARE_ONE_TARGET_MESSAGE = 'Choose an establishment or a colleague, not both.';

/** Longest message or notes field; long enough for a clinical letter, short of abuse. */
const LONG_TEXT = 5000;

/** Months a renewal may run (section 3 renewal_duration); the spec gives no bound, five years is ours. */
const MAX_RENEWAL_MONTHS = 60;

const triageShape = {
  service_note: optionalChoice(serviceNotes),
  /** Required when service_note is OTHER, like the reasons' other_* texts. */
  service_note_other: optionalText(500),
  triage_priority: optionalChoice(triagePriorities),
  triage_waittime: optionalText(100),
  triage_category: optionalChoice(triageCategories),
  triage_level_or_tier: optionalText(100),
  triage_notes: optionalText(LONG_TEXT),
  receiver_message: optionalText(LONG_TEXT),
  ...receiverNotificationShape,
};

const acceptShape = {
  ...triageShape,
  /** Required on triage (section 5 Other messages: "an unselected assignee on triage"). */
  assignee: requiredId(),
  waitlist_period: optionalText(100),
  waitlist_notes: optionalText(LONG_TEXT),
};

/**
 * PUT referrals/{id}/accept/: triage page 1 with the assignee required, optionally a waitlist (section 4
 * Receiver triage flow; referral-lifecycle.md accept).
 */
export const AcceptReferralSchema = z
  .object(acceptShape)
  .refine(...otherReasonRule('service_note', 'service_note_other'));
export type AcceptReferral = z.infer<typeof AcceptReferralSchema>;
export type AcceptReferralInput = z.input<typeof AcceptReferralSchema>;

/**
 * The accept call's body as the API takes it: AcceptReferralSchema with the assignee optional, because a
 * referral that already has one keeps it; the server answers 'This field is required.' only when the
 * referral has none (section 5 Other messages: "an unselected assignee on triage").
 */
export const AcceptReferralRequestSchema = z
  .object({ ...acceptShape, assignee: optionalId() })
  .refine(...otherReasonRule('service_note', 'service_note_other'));
export type AcceptReferralRequest = z.infer<typeof AcceptReferralRequestSchema>;

/** The accept call with a waitlist_period, which waitlists instead (referral-lifecycle.md waitlist). */
export const WaitlistReferralSchema = z
  .object({ ...acceptShape, waitlist_period: requiredText(100) })
  .refine(...otherReasonRule('service_note', 'service_note_other'));
export type WaitlistReferral = z.infer<typeof WaitlistReferralSchema>;
export type WaitlistReferralInput = z.input<typeof WaitlistReferralSchema>;

/** Which transition an accept body asks for: waitlist when it carries a waitlist_period (referral-lifecycle.md). */
export function triageActionOf(body: { waitlist_period?: string | null }): 'accept' | 'waitlist' {
  return isMissing(body.waitlist_period) ? 'accept' : 'waitlist';
}

/**
 * PUT referrals/{id}/schedule/ and referrals/{id}/schedule/manual/: the appointment, required, plus the
 * triage fields when scheduling straight from SBMT, VWD or UPDT (section 4 Receiver triage flow page 2;
 * section 5 Other messages; referral-lifecycle.md schedule).
 */
export const ScheduleReferralSchema = z
  .object({
    ...triageShape,
    assignee: optionalId(),
    appointment_date: AppointmentInstantSchema,
    appointment_location: optionalText(300),
    show_appointment_details: optionalBoolean,
  })
  .refine(...otherReasonRule('service_note', 'service_note_other'));
export type ScheduleReferral = z.infer<typeof ScheduleReferralSchema>;
export type ScheduleReferralInput = z.input<typeof ScheduleReferralSchema>;

const rescheduleShape = {
  reschedule_reason: requiredChoice(rescheduleReasons),
  other_reschedule_reason: optionalText(500),
  appointment_date: AppointmentInstantSchema,
  appointment_location: optionalText(300),
  show_appointment_details: optionalBoolean,
  ...receiverNotificationShape,
};

/** POST or PUT referrals/{id}/reschedule/: reason and new appointment (referral-lifecycle.md reschedule). */
export const RescheduleReferralSchema = z
  .object(rescheduleShape)
  .refine(...otherReasonRule('reschedule_reason', 'other_reschedule_reason'));
export type RescheduleReferral = z.infer<typeof RescheduleReferralSchema>;
export type RescheduleReferralInput = z.input<typeof RescheduleReferralSchema>;

/** A reschedule draft saved before committing: any part of the reschedule, nothing required (section 4 Actions). */
export const RescheduleDraftSchema = z.object(rescheduleShape).partial();
export type RescheduleDraft = z.infer<typeof RescheduleDraftSchema>;

/** PUT referrals/{id}/return/ (referral-lifecycle.md return; section 5 Server field errors, Return). */
export const ReturnReferralSchema = z
  .object({
    return_reason: requiredChoice(returnReasons),
    other_return_reason: optionalText(500),
    receiver_message: optionalText(LONG_TEXT),
  })
  .refine(...otherReasonRule('return_reason', 'other_return_reason'));
export type ReturnReferral = z.infer<typeof ReturnReferralSchema>;
export type ReturnReferralInput = z.input<typeof ReturnReferralSchema>;

/** PUT referrals/{id}/recall/ (referral-lifecycle.md recall; section 5 Server field errors, Recall). */
export const RecallReferralSchema = z
  .object({
    recall_reason: requiredChoice(recallReasons),
    other_recall_reason: optionalText(500),
    recall_message: optionalText(LONG_TEXT),
  })
  .refine(...otherReasonRule('recall_reason', 'other_recall_reason'));
export type RecallReferral = z.infer<typeof RecallReferralSchema>;
export type RecallReferralInput = z.input<typeof RecallReferralSchema>;

/**
 * PUT referrals/{id}/forward/: the new receiver, a named specialist there or none, and why (referral-lifecycle.md
 * forward; section 5 Server field errors, Forward). With no named specialist any assignee sent is ignored.
 */
export const ForwardReferralSchema = z
  .object({
    forwarded_to_establishment: requiredId(),
    forwarded_assignee: optionalId(),
    forwarded_no_named_specialist: z.boolean().default(false),
    forwarded_message: optionalText(LONG_TEXT),
    forwarded_reason: requiredChoice(forwardReasons),
    other_forwarded_reason: optionalText(500),
    receiver_message: optionalText(LONG_TEXT),
  })
  .refine(
    ...requiredWhen<{ forwarded_no_named_specialist: boolean }>(
      'forwarded_assignee',
      ['forwarded_no_named_specialist'],
      (value) => !value.forwarded_no_named_specialist,
    ),
  )
  .refine(...otherReasonRule('forwarded_reason', 'other_forwarded_reason'))
  .transform((value) =>
    value.forwarded_no_named_specialist ? { ...value, forwarded_assignee: null } : value,
  );
export type ForwardReferral = z.infer<typeof ForwardReferralSchema>;
export type ForwardReferralInput = z.input<typeof ForwardReferralSchema>;

/**
 * PUT referrals/{id}/renew/ (referral-lifecycle.md renew). Without renewal_duration the server uses the
 * renewer's default (renewalDurationMonths: 3 for specialists, else 12; section 5 Durations).
 */
export const RenewReferralSchema = z.object({
  renewal_reason: requiredText(LONG_TEXT),
  renewal_duration: emptyToNull(
    z
      .number({ error: RENEWAL_DURATION_MESSAGE })
      .int({ error: RENEWAL_DURATION_MESSAGE })
      .min(1, { error: RENEWAL_DURATION_MESSAGE })
      .max(MAX_RENEWAL_MONTHS, { error: RENEWAL_DURATION_MESSAGE }),
    RENEWAL_DURATION_MESSAGE,
  ),
});
export type RenewReferral = z.infer<typeof RenewReferralSchema>;
export type RenewReferralInput = z.input<typeof RenewReferralSchema>;

/** POST referrals/{id}/share/: one establishment or one colleague gets read access (referral-lifecycle.md share). */
export const ShareReferralSchema = z
  .object({ establishment: optionalId(), colleague: optionalId() })
  .superRefine((value, context) => {
    if (value.establishment == null && value.colleague == null) {
      context.addIssue({ code: 'custom', path: [], message: SHARE_TARGET_MESSAGE });
    } else if (value.establishment != null && value.colleague != null) {
      context.addIssue({ code: 'custom', path: [], message: SHARE_ONE_TARGET_MESSAGE });
    }
  });
export type ShareReferral = z.infer<typeof ShareReferralSchema>;
export type ShareReferralInput = z.input<typeof ShareReferralSchema>;
