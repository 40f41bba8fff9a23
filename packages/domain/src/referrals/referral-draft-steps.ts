import type { FieldErrors } from '../api.ts';
import { UNLISTED_RECEIVER_FIELDS } from './referral-receivers.ts';

/**
 * The draft creation steps (spec section 4): 0 receiver, 1 patient, 2 the receiver's forms, 3 attachments,
 * 4 details/supervisor/provider number, 5 renewal/notifications. The medication-order page of the one
 * organisation with digital ordering would shift these; no receiver here has it, so it is not a step yet.
 */
export const DRAFT_STEPS = [0, 1, 2, 3, 4, 5] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

export const FORMS_STEP: DraftStep = 2;

/** Shown when submit answers 400 (spec section 8, Submit failure). */
export const SUBMIT_FAILURE_MESSAGE =
  'There is an error submitting the form, please ensure you have all the information filled.';

/** The referral fields each step edits, so a 400 on submit or save shows on the step that owns the field. */
export const DRAFT_STEP_FIELDS: Readonly<Record<DraftStep, readonly string[]>> = {
  0: [
    'type',
    'to_establishment',
    'assignee',
    'assignee_other',
    'no_named_specialist',
    ...UNLISTED_RECEIVER_FIELDS,
  ],
  1: ['patient'],
  2: ['form'],
  3: ['referrer_attachments', 'file'],
  4: [
    'referrer_message',
    'referrer_provider_num',
    'supervisor_name',
    'supervisor_provider_number',
    'supervisor_email',
  ],
  5: [
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

/** The first step holding one of the errors, or null when none is any step's. */
export function firstDraftStepWithErrors(errors: FieldErrors): DraftStep | null {
  return (
    DRAFT_STEPS.find((step) =>
      Object.keys(errors).some((field) => DRAFT_STEP_FIELDS[step].includes(field)),
    ) ?? null
  );
}
