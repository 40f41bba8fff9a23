import { throwIfErrors } from '../../../http/api-errors.ts';
import type { FieldErrors } from '@referrals/domain/api';
import type { ForwardReferral } from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { ReferralCall } from '../referral-call.ts';
import {
  ASSIGNEE_NOT_AT_RECEIVER,
  RECEIVER_NOT_OFFERED,
  isOfferedReceiver,
  worksAtReceiver,
} from '../referral-draft-checks.ts';
import { referralDetail } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import type { ReferralDryRun } from './referral-action-run.ts';
import { insertSuccessorReferral, runSuccessorAction } from './successor-referral.ts';
import type { FileStorage } from '../../files/storage.ts';

/**
 * PUT referrals/{id}/forward/ (referral-lifecycle.md forward): the receiver sends the referral on. The
 * original becomes FWRD with the forward's fields; a new referral, from the forwarding establishment to
 * the new receiver, arrives there submitted with is_forwarded and a link back, the same patient, message
 * and forms, and copies of the sender's referrer and supplementary attachments (the new receiver needs
 * all the sender sent; the forwarder's own receiver and reschedule files stay), valid until the original's
 * expiry. One transaction; the new receiver is notified. With `validate` it all runs and rolls back, the
 * copied files removed again (spec section 4: forward first validates, then commits).
 */
export async function forwardReferral(
  db: Database,
  call: ReferralCall & { body: ForwardReferral; validate?: boolean; storage: FileStorage },
): Promise<Referral | ReferralDryRun> {
  const { body } = call;
  return runSuccessorAction(db, call, async (tx, referral, side, copy) => {
    checkReferralAction('forward', referral, side);
    const forwarder = referral.to_establishment_id ?? '';
    const errors: FieldErrors = {};
    const to = body.forwarded_to_establishment;
    if (!(await isOfferedReceiver(tx, to, forwarder)))
      errors.forwarded_to_establishment = [RECEIVER_NOT_OFFERED];
    else if (body.forwarded_assignee && !(await worksAtReceiver(tx, body.forwarded_assignee, to))) {
      errors.forwarded_assignee = [ASSIGNEE_NOT_AT_RECEIVER];
    }
    throwIfErrors(errors);
    const forwarded = {
      forwarded_to_establishment_id: to,
      forwarded_assignee_id: body.forwarded_assignee ?? null,
      forwarded_no_named_specialist: body.forwarded_no_named_specialist,
      forwarded_message: body.forwarded_message ?? null,
      forwarded_reason: body.forwarded_reason,
      other_forwarded_reason: body.other_forwarded_reason ?? null,
    };
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'forward',
      changes: { ...forwarded, receiver_message: body.receiver_message ?? null, sender_unread: true },
      detail: {
        forwarded_reason: body.forwarded_reason,
        other_forwarded_reason: body.other_forwarded_reason,
      },
    });
    const now = new Date();
    await insertSuccessorReferral(tx, {
      call,
      source: referral,
      action: 'forward',
      fromEstablishmentId: forwarder,
      changes: {
        ...forwarded,
        // A MANUAL referral (received outside the product) goes on inside it, from the forwarder.
        ...(referral.type === 'MANUAL' ? { type: 'IN-APP' } : {}),
        status: 'SBMT',
        to_establishment_id: to,
        assignee_id: body.forwarded_assignee ?? null,
        no_named_specialist: body.forwarded_no_named_specialist,
        is_forwarded: true,
        forwarded_from_referral_id: referral.id,
        submitted_at: now,
        expires_at: referral.expires_at,
      },
      attachments: { kinds: ['referrer', 'supplementary'], copy },
    });
    return referralDetail(tx, call.caller, row);
  });
}
