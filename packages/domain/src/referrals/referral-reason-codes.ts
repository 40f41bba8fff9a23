import type { z } from 'zod';
import { defineCodeList } from '../codes.ts';

/**
 * Reasons for return, recall, reschedule and forward (section 3 Reason and message fields), and the
 * triage's service note (section 3 Triage and service fields). The spec names the fields and their
 * other_* texts but gives no codes, so these lists are ours. Each ends with OTHER, which makes the matching
 * other_* text required (referral-action-schemas.ts).
 */

/** The code that asks for a free-text reason in the matching other_* field. */
export const OTHER_REASON = 'OTHER';

/** Why a receiver returns a referral to its sender (section 3; referral-lifecycle.md return). */
export const RETURN_REASONS = {
  INSUFFICIENT_INFORMATION: 'Insufficient information',
  NOT_ELIGIBLE: 'Patient does not meet the criteria of this service',
  SERVICE_NOT_PROVIDED: 'Service not provided here',
  MORE_APPROPRIATE_SERVICE: 'A more appropriate service is available',
  DUPLICATE: 'Duplicate referral',
  PATIENT_DECLINED: 'Patient declined the service',
  UNABLE_TO_CONTACT: 'Unable to contact the patient',
  OTHER: 'Other',
} as const;
export const returnReasons = defineCodeList(RETURN_REASONS);
export const ReturnReasonSchema = returnReasons.schema;
export type ReturnReason = z.infer<typeof ReturnReasonSchema>;

/** Why a sender recalls a referral to draft (section 3; referral-lifecycle.md recall). */
export const RECALL_REASONS = {
  INFORMATION_TO_CORRECT: 'Information needs correcting',
  INFORMATION_TO_ADD: 'Information to add',
  WRONG_RECEIVER: 'Sent to the wrong receiver',
  WRONG_PATIENT: 'Sent for the wrong patient',
  NO_LONGER_REQUIRED: 'No longer required',
  PATIENT_REQUEST: "At the patient's request",
  OTHER: 'Other',
} as const;
export const recallReasons = defineCodeList(RECALL_REASONS);
export const RecallReasonSchema = recallReasons.schema;
export type RecallReason = z.infer<typeof RecallReasonSchema>;

/** Why a receiver moves a scheduled appointment (section 3; referral-lifecycle.md reschedule). */
export const RESCHEDULE_REASONS = {
  PATIENT_REQUEST: "At the patient's request",
  CLINICIAN_UNAVAILABLE: 'Clinician unavailable',
  CLINIC_CANCELLED: 'Clinic cancelled',
  CLINICAL_PRIORITY_CHANGED: 'Clinical priority changed',
  OTHER: 'Other',
} as const;
export const rescheduleReasons = defineCodeList(RESCHEDULE_REASONS);
export const RescheduleReasonSchema = rescheduleReasons.schema;
export type RescheduleReason = z.infer<typeof RescheduleReasonSchema>;

/** Why a receiver forwards a referral to another establishment (section 3; referral-lifecycle.md forward). */
export const FORWARD_REASONS = {
  SERVICE_NOT_PROVIDED: 'Service not provided here',
  MORE_APPROPRIATE_SERVICE: 'A more appropriate service is available',
  CLOSER_TO_HOME: "Closer to the patient's home",
  SHORTER_WAIT: 'Shorter waiting time',
  PATIENT_REQUEST: "At the patient's request",
  OTHER: 'Other',
} as const;
export const forwardReasons = defineCodeList(FORWARD_REASONS);
export const ForwardReasonSchema = forwardReasons.schema;
export type ForwardReason = z.infer<typeof ForwardReasonSchema>;

/**
 * The service the receiver triages the referral to (section 3 service_note, service_note_other; section 4
 * Receiver triage flow page 1). Optional; OTHER asks for service_note_other.
 */
export const SERVICE_NOTES = {
  OUTPATIENT_CLINIC: 'Outpatient clinic',
  TELEHEALTH: 'Telehealth consultation',
  GROUP_PROGRAM: 'Group program',
  COMMUNITY_SERVICE: 'Community service',
  ALLIED_HEALTH: 'Allied health',
  OTHER: 'Other',
} as const;
export const serviceNotes = defineCodeList(SERVICE_NOTES);
export const ServiceNoteSchema = serviceNotes.schema;
export type ServiceNote = z.infer<typeof ServiceNoteSchema>;
