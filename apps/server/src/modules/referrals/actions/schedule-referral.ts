import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import type { ScheduleReferral } from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { bodyColumns, TRIAGE_FIELDS, triageAssignee } from './accept-referral.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction, type ReferralDryRun } from './referral-action-run.ts';

/**
 * GET, PUT or PATCH referrals/{id}/schedule/ and POST or PATCH referrals/{id}/schedule/manual/: the
 * receiver side books the appointment (SCHDL). appointment_date is required; a referral scheduled straight
 * from SBMT, VWD or UPDT may carry its triage fields too (referral-lifecycle.md schedule; spec section 4
 * Receiver triage flow page 2). MANUAL referrals take the manual call, the others the plain one.
 */
export async function scheduleReferral(
  db: Database,
  options: ReferralCall & {
    /** GET sends no body: the stored appointment (and fields) are used. */
    body: Partial<ScheduleReferral>;
    manual: boolean;
    merge: boolean;
    validate?: boolean;
  },
): Promise<Referral | ReferralDryRun> {
  const { body, manual, merge, ...call } = options;
  const action = manual ? 'manual_schedule' : 'schedule';
  return runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction(action, referral, side);
    const appointment = body.appointment_date ?? referral.appointment_date?.toISOString();
    if (appointment === undefined) throw validationFailed({ appointment_date: [REQUIRED_MESSAGE] });
    const assignee = await triageAssignee(tx, call, referral, body.assignee, false);
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action,
      changes: {
        ...bodyColumns(
          referral,
          body,
          [...TRIAGE_FIELDS, 'appointment_location', 'show_appointment_details'],
          merge,
        ),
        appointment_date: new Date(appointment),
        assignee_id: assignee,
        sender_unread: true,
      },
      detail: {
        appointment_date: appointment,
        appointment_location: body.appointment_location ?? null,
      },
    });
    return referralDetail(tx, call.caller, row);
  });
}
