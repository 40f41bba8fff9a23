import { EMAIL_MESSAGE, POSTCODE_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';
import { fieldErrorsFromIssues, type FieldErrors, type FieldIssue } from '../api.ts';
import { AuStateSchema, type EstablishmentType } from '../establishments/establishment-codes.ts';

/**
 * The establishment types a sender picks a receiver among, Specialist Clinics first: the receiver list
 * groups them under that heading (section 6 Rules). Personal spaces never receive; departments are chosen
 * within their hospital.
 */
export const RECEIVER_TYPES = ['CL', 'HL', 'PR'] as const satisfies readonly EstablishmentType[];
export type ReceiverType = (typeof RECEIVER_TYPES)[number];

export const RECEIVER_TYPE_LABELS: Readonly<Record<ReceiverType, string>> = {
  CL: 'Specialist Clinics',
  HL: 'Hospitals',
  PR: 'General practices',
};

type Candidate = { id: string; is_approved: boolean; type: { value: string } };

/**
 * The establishments offered as the referral's receiver: approved, of the chosen type, and not the
 * sender's current establishment (section 6 Rules: "Only approved establishments of the chosen type that
 * differ from the user's current one are offered").
 */
export function offeredReceivers<T extends Candidate>(
  establishments: readonly T[],
  type: ReceiverType,
  currentEstablishmentId: string | null,
): T[] {
  return establishments.filter(
    (place) => place.is_approved && place.type.value === type && place.id !== currentEstablishmentId,
  );
}

/** What a link's establishment must be to be preselected as the receiver (section 6 Rules, section 2 send/). */
type LinkedPlace = Candidate & { name: string; accepts_in_app_referrals: boolean };

/**
 * Why the establishment a send/:establishment_slug link names cannot be preselected as the receiver, or
 * null when it can: the same rules as the receiver list, plus taking referrals in the app. The sender
 * then chooses a receiver as usual.
 */
export function linkedReceiverRefusal(
  place: LinkedPlace,
  currentEstablishmentId: string | null,
): string | null {
  if (place.id === currentEstablishmentId) {
    return `The link is to ${place.name}, your own establishment. Choose who receives the referral.`;
  }
  if (!place.is_approved || place.type.value === 'PA') {
    return `${place.name} cannot receive referrals yet. Choose who receives the referral.`;
  }
  if (!place.accepts_in_app_referrals) {
    return `${place.name} does not take referrals in the app. Choose another receiver, or enter its details as a receiver not listed.`;
  }
  return null;
}

/** Shown when a link names no establishment the sender can see. */
export const UNKNOWN_LINK_MESSAGE =
  'The link does not name an establishment we know. Choose who receives the referral.';

/**
 * The receiver-details fields (section 3 Referral) a sender fills in by hand for a receiver not in the
 * list: a MANUAL referral, which submit accepts without a receiving establishment.
 */
export const UNLISTED_RECEIVER_FIELDS = [
  'referral_receiver_establishment_practice_name',
  'referral_receiver_establishment_department_name',
  'referral_receiver_establishment_type',
  'referral_receiver_title',
  'referral_receiver_first_name',
  'referral_receiver_last_name',
  'referral_receiver_establishment_email',
  'referral_receiver_establishment_phone1',
  'referral_receiver_establishment_address1',
  'referral_receiver_establishment_city',
  'referral_receiver_establishment_state',
  'referral_receiver_establishment_postcode',
] as const;
export type UnlistedReceiverField = (typeof UNLISTED_RECEIVER_FIELDS)[number];

export const UNLISTED_RECEIVER_CONTACT_MESSAGE = 'Enter an email address or a phone number.';

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/** The hand-entered details field by field; empty text counts as not given, as the draft stores it. */
const UnlistedReceiverSchema = z.object({
  referral_receiver_establishment_practice_name: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: REQUIRED_MESSAGE }),
  referral_receiver_establishment_email: z
    .union([z.literal(''), z.email({ message: EMAIL_MESSAGE })])
    .nullish(),
  referral_receiver_establishment_phone1: z.string().nullish(),
  referral_receiver_establishment_state: z
    .union([z.literal(''), AuStateSchema], { error: 'Choose a state from the list.' })
    .nullish(),
  referral_receiver_establishment_postcode: z
    .union([z.literal(''), z.string().regex(/^\d{4}$/, { message: POSTCODE_MESSAGE })])
    .nullish(),
});

/**
 * The field errors of hand-entered receiver details, `{}` when submit would take them (section 5: creating
 * an unlisted receiver flags newOtherHCP; the step and submit then check these): a practice name, an email
 * or a phone number to reach them, a valid email when one is given, a state of the section 9 list, a
 * 4-digit postcode.
 */
export function unlistedReceiverErrors(
  details: Partial<Record<UnlistedReceiverField, string | null>>,
): FieldErrors {
  const result = UnlistedReceiverSchema.safeParse(details);
  const issues: FieldIssue[] = result.success ? [] : [...result.error.issues];
  // Checked beside the schema, not in a refinement, which zod skips once a field has failed.
  if (
    !filled(details.referral_receiver_establishment_email) &&
    !filled(details.referral_receiver_establishment_phone1)
  ) {
    for (const field of ['referral_receiver_establishment_email', 'referral_receiver_establishment_phone1']) {
      issues.push({ path: [field], message: UNLISTED_RECEIVER_CONTACT_MESSAGE });
    }
  }
  return fieldErrorsFromIssues(issues);
}
