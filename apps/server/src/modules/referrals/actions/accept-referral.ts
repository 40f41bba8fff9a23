import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import {
  triageActionOf,
  type AcceptReferralRequest,
} from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral, ReferralWrite } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import { throwIfErrors, validationFailed } from '../../../http/api-errors.ts';
import type { ReferralCall } from '../referral-call.ts';
import { checkDraftReferences } from '../referral-draft-checks.ts';
import { referralDetail, type ReferralRow } from '../referral-queries.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction, type ReferralDryRun } from './referral-action-run.ts';

type AcceptReferralBody = AcceptReferralRequest;

/** The triage fields an accept, waitlist or schedule body may carry (spec section 3 Triage and service). */
export const TRIAGE_FIELDS = [
  'service_note',
  'service_note_other',
  'triage_priority',
  'triage_waittime',
  'triage_category',
  'triage_level_or_tier',
  'triage_notes',
  'receiver_message',
  'receiver_email_notify_patient',
  'receiver_email_notify_referrer',
  'receiver_remember_email_notify_settings',
] as const;

/**
 * The columns a body sets. `merge` (PATCH, and GET with no body) keeps what is stored for a field the body
 * leaves out or sends empty; PUT replaces them all, so an empty field clears.
 */
export function bodyColumns<K extends keyof ReferralRow>(
  referral: ReferralRow,
  body: Partial<Record<K, unknown>>,
  fields: readonly K[],
  merge: boolean,
): Partial<ReferralRow> {
  const columns: Partial<Record<K, unknown>> = {};
  for (const field of fields) {
    const value = body[field];
    // A not-null flag cannot be cleared, so an absent one keeps what is stored.
    if (value == null && (merge || typeof referral[field] === 'boolean')) continue;
    columns[field] = value ?? null;
  }
  return columns;
}

/**
 * The assignee after triage: the body's, else the referral's; none is 'This field is required.' (spec
 * section 5 Other messages), and one must work at the receiving establishment.
 */
export async function triageAssignee(
  tx: Parameters<typeof checkDraftReferences>[0],
  call: ReferralCall,
  referral: ReferralRow,
  sent: string | null | undefined,
  required: boolean,
): Promise<string | null> {
  const assignee = sent ?? referral.assignee_id;
  if (assignee === null) {
    if (required) throw validationFailed({ assignee: [REQUIRED_MESSAGE] });
    return null;
  }
  if (sent != null && sent !== referral.assignee_id) {
    const draft = { to_establishment_id: referral.to_establishment_id, assignee_id: sent, patient_id: null };
    const body = { assignee: sent } as ReferralWrite;
    const errors = await checkDraftReferences(tx, call.caller, '', draft, body);
    throwIfErrors(errors.assignee ? { assignee: errors.assignee } : {});
  }
  return assignee;
}

/**
 * GET, PUT or PATCH referrals/{id}/accept/: the receiver side triages. A body with waitlist_period
 * waitlists (WLST), otherwise accepts (ACPT); the triage fields are saved, and the referral must end up
 * with an assignee (referral-lifecycle.md accept, waitlist; spec section 4 Receiver triage flow).
 */
export async function acceptReferral(
  db: Database,
  options: ReferralCall & { body: Partial<AcceptReferralBody>; merge: boolean; validate?: boolean },
): Promise<Referral | ReferralDryRun> {
  const { body, merge, ...call } = options;
  return runReferralAction(db, call, async (tx, referral, side) => {
    const action = triageActionOf(body);
    checkReferralAction(action, referral, side);
    const assignee = await triageAssignee(tx, call, referral, body.assignee, true);
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action,
      changes: {
        ...bodyColumns(referral, body, [...TRIAGE_FIELDS, 'waitlist_period', 'waitlist_notes'], merge),
        assignee_id: assignee,
        sender_unread: true,
      },
      detail: {
        triage_category: body.triage_category ?? null,
        triage_priority: body.triage_priority ?? null,
        waitlist_period: body.waitlist_period ?? null,
        receiver_message: body.receiver_message ?? null,
      },
    });
    return referralDetail(tx, call.caller, row);
  });
}
