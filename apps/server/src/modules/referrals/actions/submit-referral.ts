import { throwIfErrors } from '../../../http/api-errors.ts';
import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { eq } from 'drizzle-orm';
import { medicationOrderErrors } from '@referrals/domain/referrals/medication-order';
import { referralExpiresAt } from '@referrals/domain/referrals/referral-conditions';
import type { FieldErrors } from '@referrals/domain/api';
import { unlistedReceiverErrors } from '@referrals/domain/referrals/referral-receivers';
import type { Referral, ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Queryable, Transaction } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { inVisibleReferral, type ReferralCall } from '../referral-call.ts';
import { referralDetail, type ReferralRow } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';

/** Shown when a request for advice names a receiver that does not take them. */
export const ADVICE_NOT_TAKEN = 'This receiver does not take advice and guidance requests.';

type ReceiverFlags = { digital_ordering: boolean; accepts_advice_and_guidance: boolean };

/**
 * Whether the receiver takes digital medication orders and advice requests (its own flags: a
 * department's, not its hospital's).
 */
async function receiverFlags(q: Queryable, receiverId: string | null): Promise<ReceiverFlags> {
  const none = { digital_ordering: false, accepts_advice_and_guidance: false };
  if (receiverId === null) return none;
  const [receiver] = await q
    .select({
      digital_ordering: establishments.digital_ordering,
      accepts_advice_and_guidance: establishments.accepts_advice_and_guidance,
    })
    .from(establishments)
    .where(eq(establishments.id, receiverId));
  return receiver ?? none;
}

/**
 * What submit requires (referral-lifecycle.md, submit): a receiver, or for a MANUAL referral the receiver's
 * details as the wizard checks them (section 5 newOtherHCP); a patient; a message; the medication order
 * exactly when the receiver takes digital orders (section 4); and for a request for advice, a receiver
 * that takes them.
 */
function submitErrors(referral: ReferralRow, receiver: ReceiverFlags): FieldErrors {
  const errors: FieldErrors = {
    ...(referral.type === 'MANUAL' && !referral.to_establishment_id ? unlistedReceiverErrors(referral) : {}),
    ...medicationOrderErrors(referral.medication_order, receiver.digital_ordering),
  };
  if (
    referral.type === 'ADVICE_AND_GUIDANCE' &&
    referral.to_establishment_id &&
    !receiver.accepts_advice_and_guidance
  )
    errors.type = [ADVICE_NOT_TAKEN];
  if (!referral.to_establishment_id && referral.type !== 'MANUAL')
    errors.to_establishment = [REQUIRED_MESSAGE];
  if (!referral.patient_id) errors.patient = [REQUIRED_MESSAGE];
  if (!referral.referrer_message?.trim()) errors.referrer_message = [REQUIRED_MESSAGE];
  return errors;
}

/**
 * GET referrals/{id}/submit/: the draft goes to the receiver as SBMT (UPDT when it was recalled before),
 * valid for its duration from now; the receiver side sees it as unread.
 */
export async function submitReferral(db: Database, call: ReferralCall): Promise<Referral> {
  return inVisibleReferral(db, { ...call, lock: true }, async (tx, referral, side) =>
    referralDetail(tx, call.caller, await submitReferralRow(tx, { call, referral, side })),
  );
}

/**
 * Submit of a draft row the caller has locked, in their transaction: submitReferral, and a referral the
 * FHIR API creates already submitted (one transaction, so a refused submit leaves no draft behind).
 */
export async function submitReferralRow(
  tx: Transaction,
  options: { call: ReferralCall; referral: ReferralRow; side: ReferralSideOfCaller },
): Promise<ReferralRow> {
  const { call, referral, side } = options;
  checkReferralAction('submit', referral, side);
  throwIfErrors(submitErrors(referral, await receiverFlags(tx, referral.to_establishment_id)));
  const now = new Date();
  return applyReferralAction(tx, {
    call,
    referral,
    side,
    action: 'submit',
    changes: {
      submitted_at: now,
      expires_at: referralExpiresAt(now, referral.duration),
      is_updated: referral.is_recalled,
      receiver_unread: true,
      sender_deleted: false,
    },
  });
}
