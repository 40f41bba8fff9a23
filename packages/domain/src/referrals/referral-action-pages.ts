import type { FieldErrors } from '../api.ts';
import { RECEIVER_NOTIFICATION_FIELDS } from './referral-action-fields.ts';

/**
 * The fields on each page of the multi-page referral flows (spec section 5 "Server field errors (400)
 * mapped per page"). Each page sends a dry run (?validate=true) and moves on only when none of the 400's
 * errors belong to it; errors of later pages wait for those pages.
 */

/** The flows whose dry-run errors are mapped per page (spec section 4 Receiver triage flow, Other flows). */
export type ReferralFlow = 'triage' | 'forward' | 'reschedule' | 'recall' | 'return';

/**
 * Field names per page, page 1 first (spec section 5). Triage page 1 also holds the assignee and
 * service_note: the spec leaves them out, but the assignee is required on triage (section 5 Other
 * messages) and a page that let it pass would fail only at the commit.
 */
export const REFERRAL_FLOW_PAGE_FIELDS = {
  triage: [
    [
      'assignee',
      'service_note',
      'service_note_other',
      'triage_notes',
      'triage_level_or_tier',
      'triage_category',
      'triage_priority',
      'triage_waittime',
    ],
    ['appointment_date', 'appointment_location', 'waitlist_notes', 'waitlist_period'],
  ],
  forward: [
    ['forwarded_to_establishment', 'forwarded_assignee', 'forwarded_message'],
    ['forwarded_reason', 'other_forwarded_reason', 'receiver_message'],
  ],
  reschedule: [
    ['reschedule_reason', 'other_reschedule_reason', 'appointment_date', 'appointment_location'],
    [...RECEIVER_NOTIFICATION_FIELDS, 'show_appointment_details'],
  ],
  recall: [['recall_reason', 'other_recall_reason', 'recall_message']],
  return: [['return_reason', 'other_return_reason', 'receiver_message']],
} as const satisfies Record<ReferralFlow, readonly (readonly string[])[]>;

/**
 * The errors of a dry run that belong to page `page` (1-based) of the flow, keyed as the 400 body keys
 * them; empty when the page may move on (spec section 5: "only when no page-relevant errors remain does
 * the committing call follow"). non_field_errors belong to every page: nothing else would show them.
 */
export function referralPageErrors(flow: ReferralFlow, page: number, errors: FieldErrors): FieldErrors {
  const pages: readonly (readonly string[])[] = REFERRAL_FLOW_PAGE_FIELDS[flow];
  const fields = pages[page - 1];
  if (fields === undefined) throw new RangeError(`The ${flow} flow has no page ${page}`);
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => field === 'non_field_errors' || fields.includes(field)),
  );
}
