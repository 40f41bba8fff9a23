import type { FieldErrors } from '../api.ts';
import { UNLISTED_RECEIVER_FIELDS } from './referral-receivers.ts';

/**
 * The draft creation steps (spec section 4): "0 receiver, 1 patient, 3 attachments, 4 details/supervisor/
 * provider number, 5 renewal/notifications. Numbering shifts down by one when a digital medication-order
 * page applies." Step 2 is the receiver's forms. Steps are known by name; the number in the address is
 * the step's place in the draft's list, which the medication order shifts.
 */
export const DRAFT_STEP_NAMES = [
  'receiver',
  'patient',
  'forms',
  'medication_order',
  'attachments',
  'details',
  'renewal',
] as const;
export type DraftStep = (typeof DRAFT_STEP_NAMES)[number];

/**
 * The steps of a draft in order: the medication-order page comes after the forms only when the receiver
 * takes digital medication orders (docs/referral-screens.md).
 */
export function draftSteps(options: { medicationOrder: boolean }): readonly DraftStep[] {
  return DRAFT_STEP_NAMES.filter((step) => step !== 'medication_order' || options.medicationOrder);
}

/** Shown when submit answers 400 (spec section 8, Submit failure). */
export const SUBMIT_FAILURE_MESSAGE =
  'There is an error submitting the form, please ensure you have all the information filled.';

/** The referral fields each step edits, so a 400 on submit or save shows on the step that owns the field. */
export const DRAFT_STEP_FIELDS: Readonly<Record<DraftStep, readonly string[]>> = {
  receiver: [
    'type',
    'to_establishment',
    'assignee',
    'assignee_other',
    'no_named_specialist',
    ...UNLISTED_RECEIVER_FIELDS,
  ],
  patient: ['patient'],
  forms: ['form'],
  medication_order: ['medication_order'],
  attachments: ['referrer_attachments', 'file'],
  details: [
    'referrer_message',
    'referrer_provider_num',
    'supervisor_name',
    'supervisor_provider_number',
    'supervisor_email',
  ],
  renewal: [
    'duration',
    'renewal_duration',
    'custom',
    'automatic_renewal',
    'email_notify_referrer',
    'email_notify_patient',
    'email_copy_to_patient',
    'email_copy_to_referrer',
    'hide_referrer_contact_from_patient',
    'hide_referrer_contact_from_assignee',
    'hide_referrer_contact_from_others',
  ],
};

/** The errors of a 400 that belong to `step`; non_field_errors belong to every step. */
export function draftStepErrors(step: DraftStep, errors: FieldErrors): FieldErrors {
  const fields = DRAFT_STEP_FIELDS[step];
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => field === 'non_field_errors' || fields.includes(field)),
  );
}

/** The first of `steps` holding one of the errors, or null when none is any step's. */
export function firstDraftStepWithErrors(steps: readonly DraftStep[], errors: FieldErrors): DraftStep | null {
  return (
    steps.find((step) => Object.keys(errors).some((field) => DRAFT_STEP_FIELDS[step].includes(field))) ?? null
  );
}
