import { eq, sql } from 'drizzle-orm';
import {
  isReferralActionForSide,
  referralActionRefusedMessage,
  referralStatusAfter,
  referralTypeAfter,
  TRIAGED_STATUSES,
  type ReferralLifecycleAction,
} from '@referrals/domain/referrals/referral-lifecycle';
import { REFERRAL_STATUSES, type ReferralStatus } from '@referrals/domain/referrals/referral-codes';
import type { ReferralSideOfCaller } from '@referrals/domain/referrals/referral-schemas';
import type { Transaction } from '../../../db/database.ts';
import { finishBeforeCommit } from '../../../db/transaction-steps.ts';
import { boundColumns, preparedFor, StatementShape } from '../../../db/prepared-shapes.ts';
import { referrals } from '../../../db/schema/referrals.ts';
import { conflict, permissionDenied } from '../../../http/api-errors.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { notifyReferralTransition } from '../../notifications/create-notifications.ts';
import type { ReferralCall } from '../referral-call.ts';
import { recordReferralHistory } from '../referral-history.ts';
import { lifecycleInputOf, type ReferralRow } from '../referral-queries.ts';

type ReferralUpdate = Partial<typeof referrals.$inferInsert>;
type ReferralColumn = keyof ReferralRow & keyof typeof referrals;

/**
 * The status `action` leads to for the caller's side. An action that is not the side's at all (a shared
 * reader's, or the sender accepting) is a 403; one the table does not allow from the current status a 409
 * naming that status (referral-lifecycle.md).
 */
export function checkReferralAction(
  action: ReferralLifecycleAction,
  referral: ReferralRow,
  side: ReferralSideOfCaller,
): ReferralStatus {
  if (side === 'shared' || !isReferralActionForSide(action, side)) throw permissionDenied();
  const input = lifecycleInputOf(referral, side);
  const to = referralStatusAfter(action, input, side);
  if (to === null) {
    const current = referral.status as ReferralStatus;
    throw conflict(referralActionRefusedMessage(action, input), {
      value: current,
      display: REFERRAL_STATUSES[current],
    });
  }
  return to;
}

/**
 * triaged_at, the end of the wait for triage (docs/analytics.md): set by the first accept, waitlist or
 * schedule since the latest submission, cleared by a resubmission ('clear'). Left out of the update
 * otherwise, so the other actions' statements stay as they were.
 */
function triagedAtChange(
  action: ReferralLifecycleAction,
  to: ReferralStatus,
  referral: ReferralRow,
): Date | 'clear' | undefined {
  if (action === 'submit') return referral.triaged_at === null ? undefined : 'clear';
  const triaged = (TRIAGED_STATUSES as readonly string[]).includes(to);
  return triaged && referral.triaged_at === null ? new Date() : undefined;
}

/**
 * Applies one lifecycle action to a locked referral in the caller's transaction: the new status and
 * `changes`, a new version, and the history, notification and audit rows, which the transaction finishes
 * before its commit while it goes on (transaction-steps.ts). Every action function ends here, so the
 * transition table is checked in one place.
 */
export async function applyReferralAction(
  tx: Transaction,
  options: {
    call: ReferralCall;
    referral: ReferralRow;
    side: ReferralSideOfCaller;
    action: ReferralLifecycleAction;
    changes?: ReferralUpdate;
    /** The reason fields and message the action took, kept in the history. */
    detail?: Record<string, unknown>;
  },
): Promise<ReferralRow> {
  const { call, referral, action } = options;
  const to = checkReferralAction(action, referral, options.side);
  // Built once per set of columns (prepared-shapes.ts): building the update and its returning of every
  // column cost more CPU than the statement.
  const shape = new StatementShape();
  // drizzle's types leave placeholders out of `set`, which binds them as it binds values.
  const toType = referralTypeAfter(action);
  const triaged = triagedAtChange(action, to, referral);
  const set: Record<string, unknown> = boundColumns(shape, {
    ...options.changes,
    ...(triaged instanceof Date ? { triaged_at: triaged } : {}),
    ...(toType === null ? {} : { type: toType }),
    status: to,
    updated_at: new Date(),
  });
  // A bound null would go through the timestamp column's mapping, which takes only dates.
  const clearTriaged = shape.part(`clear-triaged:${triaged === 'clear'}`, triaged === 'clear');
  const id = shape.bind(referral.id);
  // The statement answers only the columns it changed: the rest of the row is the locked one, which no one
  // else can change meanwhile and no trigger rewrites. Reading back all of the referral's 120 columns cost
  // the server more CPU than the update (pg describes and parses each column of every answer).
  const changed = [
    ...Object.keys(set),
    ...(clearTriaged ? ['triaged_at'] : []),
    'version',
  ] as ReferralColumn[];
  const update = preparedFor(tx, 'referral_action', shape, () =>
    tx
      .update(referrals)
      .set({
        ...set,
        ...(clearTriaged ? { triaged_at: sql`null` } : {}),
        version: sql`${referrals.version} + 1`,
      })
      .where(eq(referrals.id, id))
      .returning(Object.fromEntries(changed.map((column) => [column, referrals[column]]))),
  );
  const [answered] = await update.execute(shape.values);
  if (!answered) throw new Error('referral update returned nothing');
  const row: ReferralRow = { ...referral, ...(answered as Partial<ReferralRow>) };
  finishBeforeCommit(
    tx,
    recordReferralHistory(tx, {
      referralId: referral.id,
      caller: call.caller,
      action,
      from: referral.status,
      to,
      detail: options.detail,
    }),
    notifyReferralTransition(tx, { referral: row, action, caller: call.caller }),
    recordAudit(tx, call.actor, {
      action: `referral.${action}`,
      resourceType: 'referral',
      resourceId: referral.id,
      patientId: referral.patient_id,
      detail: { from: referral.status, to },
    }),
  );
  return row;
}
