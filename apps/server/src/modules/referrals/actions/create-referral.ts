import { newReferralButton } from '@referrals/domain/people/access-rules';
import {
  referralDurationMonths,
  renewalDurationMonths,
} from '@referrals/domain/referrals/referral-conditions';
import { DEFAULT_REFERRER_MESSAGE } from '@referrals/domain/constants';
import type { Referral, ReferralCreate } from '@referrals/domain/referrals/referral-schemas';
import type { Database, Transaction } from '../../../db/database.ts';
import { finishBeforeCommit } from '../../../db/transaction-steps.ts';
import { boundColumns, preparedFor, StatementShape } from '../../../db/prepared-shapes.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import type { ReferralRow } from '../referral-queries.ts';
import { ApiError, permissionDenied, throwIfErrors, validationFailed } from '../../../http/api-errors.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import type { Caller } from '../../tenancy/caller.ts';
import { checkDraftReferences } from '../referral-draft-checks.ts';
import { draftColumns, type ReferralInsert } from '../referral-draft-columns.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { referralDetail } from '../referral-queries.ts';
import { referralEstablishmentOf } from '../referral-visibility.ts';

/** Sent when from_establishment names another establishment than the one the caller acts for. */
export const NOT_YOUR_ESTABLISHMENT = 'A referral is sent from the establishment you are acting for.';

/**
 * POST referrals/: a draft (DRFT) from the caller's current establishment, with the spec's defaults
 * (section 3: the referrer message, except on a request for advice, whose message is the sender's question;
 * duration 12, or 3 from a specialist), its history row and audit row in
 * one transaction. Needs add_referral and the right to send (section 6 Rules, New Referral).
 */
export async function createReferral(
  db: Database,
  options: { caller: Caller; actor: AuditActor; body: ReferralCreate },
): Promise<Referral> {
  const fromId = sendingEstablishmentOf(options.caller, options.body);
  return db.transaction(async (tx) =>
    referralDetail(tx, options.caller, await insertDraftReferral(tx, { ...options, fromId })),
  );
}

/**
 * The establishment a new referral is sent from: the caller's current one, when they may send from it
 * (add_referral and the right to send; 403 otherwise) and the body names no other (400).
 */
export function sendingEstablishmentOf(caller: Caller, body: ReferralCreate): string {
  const fromId = referralEstablishmentOf(caller);
  if (fromId === null) throw permissionDenied();
  const button = newReferralButton(caller.access);
  if (!button.enabled) throw new ApiError(403, { detail: button.hint });
  if (body.from_establishment !== undefined && body.from_establishment !== fromId) {
    throw validationFailed({ from_establishment: [NOT_YOUR_ESTABLISHMENT] });
  }
  return fromId;
}

/**
 * The draft of a body createReferral's checks have passed, from `fromId`, with its history and audit rows,
 * in the caller's transaction: POST referrals/, and a referral started from a clinical record launch with
 * the patient made in the same transaction. `columns` are set beyond what the body says.
 */
export async function insertDraftReferral(
  tx: Transaction,
  options: {
    caller: Caller;
    actor: AuditActor;
    fromId: string;
    body: ReferralCreate;
    columns?: Partial<ReferralInsert>;
  },
): Promise<ReferralRow> {
  const { caller, body, fromId } = options;
  const columns = { ...draftColumns(body), ...options.columns };
  throwIfErrors(
    await checkDraftReferences(
      tx,
      caller,
      fromId,
      {
        to_establishment_id: columns.to_establishment_id ?? null,
        assignee_id: columns.assignee_id ?? null,
        patient_id: columns.patient_id ?? null,
      },
      body,
    ),
  );
  // Built once per set of columns (prepared-shapes.ts), as an action's update is.
  const shape = new StatementShape();
  const values = boundColumns(shape, {
    // A request for advice starts with no text: its message is the sender's question.
    referrer_message: body.type === 'ADVICE_AND_GUIDANCE' ? null : DEFAULT_REFERRER_MESSAGE,
    duration: referralDurationMonths(caller.role),
    renewal_duration: renewalDurationMonths(caller.role),
    ...columns,
    type: body.type,
    status: 'DRFT',
    from_establishment_id: fromId,
    referrer_id: caller.userId,
  });
  const insert = preparedFor(tx, 'referral_create', shape, () =>
    tx.insert(referrals).values(values).returning(),
  );
  const [row] = await insert.execute(shape.values);
  if (!row) throw new Error('referral insert returned nothing');
  finishBeforeCommit(
    tx,
    recordReferralHistory(tx, { referralId: row.id, caller, action: 'create', from: null, to: 'DRFT' }),
    recordAudit(tx, options.actor, {
      action: 'referral.create',
      resourceType: 'referral',
      resourceId: row.id,
      patientId: row.patient_id,
    }),
  );
  return row;
}
