import type {
  ExternalReferralDraftWrite,
  ExternalSender,
} from '@referrals/domain/portals/external-referral-schemas';
import type { DraftRow } from './draft-access.ts';

type DraftContent = Pick<
  DraftRow,
  'sender_type' | 'sender' | 'patient' | 'referrer_message' | 'forms' | 'consent' | 'code_hash'
>;

/** Nothing written yet: what a new draft starts from. */
export const EMPTY_DRAFT: DraftContent = {
  sender_type: null,
  sender: {},
  patient: {},
  referrer_message: null,
  forms: {},
  consent: false,
  code_hash: null,
};

const emailOf = (sender: ExternalSender) => (sender.email ?? '').trim().toLowerCase();

/**
 * A draft's content after a save (POST or PATCH …/referrals/): what the body sends replaces what is
 * stored, field by field within the sender and the patient, form by form within `forms`; what it leaves out
 * stays. A patient sender's provider number is dropped (section 5 External referral submit). A new sender
 * address makes the code sent to the old one worthless, so it is forgotten (its send time stays: the next
 * code still waits for the minute).
 */
export function draftAfterWrite(current: DraftContent, body: ExternalReferralDraftWrite): DraftContent {
  const senderType = body.sender_type ?? current.sender_type;
  const sender: ExternalSender = { ...current.sender, ...body.sender };
  if (senderType === 'PATIENT') delete sender.provider_number;
  const addressChanged = emailOf(sender) !== emailOf(current.sender);
  return {
    sender_type: senderType,
    sender,
    patient: { ...current.patient, ...body.patient },
    referrer_message:
      body.referrer_message === undefined ? current.referrer_message : body.referrer_message || null,
    forms: { ...current.forms, ...body.forms },
    consent: body.consent ?? current.consent,
    code_hash: addressChanged ? null : current.code_hash,
  };
}
