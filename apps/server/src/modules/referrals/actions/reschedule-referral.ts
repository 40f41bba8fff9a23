import type { RescheduleReferral } from '@referrals/domain/referrals/referral-action-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import type { Database } from '../../../db/database.ts';
import type { RescheduledAppointment } from '../../../db/schema/referrals.ts';
import type { ReferralCall } from '../referral-call.ts';
import { referralDetail } from '../referral-queries.ts';
import { bodyColumns } from './accept-referral.ts';
import { applyReferralAction, checkReferralAction } from './apply-referral-action.ts';
import { runReferralAction, type ReferralDryRun } from './referral-action-run.ts';

/**
 * PUT or PATCH referrals/{id}/reschedule/: a scheduled referral gets a new appointment. The one it had is
 * appended to reschedule_list with the reason, is_rescheduled is set and a saved reschedule draft is
 * cleared (referral-lifecycle.md reschedule; spec section 4: reschedule marks isRescheduled).
 */
export async function rescheduleReferral(
  db: Database,
  options: ReferralCall & { body: RescheduleReferral; merge: boolean; validate?: boolean },
): Promise<Referral | ReferralDryRun> {
  const { body, merge, ...call } = options;
  return runReferralAction(db, call, async (tx, referral, side) => {
    checkReferralAction('reschedule', referral, side);
    const now = new Date();
    const previous: RescheduledAppointment[] = referral.appointment_date
      ? [
          {
            appointment_date: referral.appointment_date.toISOString(),
            appointment_location: referral.appointment_location,
            reschedule_reason: body.reschedule_reason,
            other_reschedule_reason: body.other_reschedule_reason,
            rescheduled_at: now.toISOString(),
          },
        ]
      : [];
    const row = await applyReferralAction(tx, {
      call,
      referral,
      side,
      action: 'reschedule',
      changes: {
        ...bodyColumns(
          referral,
          body,
          [
            'appointment_location',
            'show_appointment_details',
            'receiver_email_notify_patient',
            'receiver_email_notify_referrer',
            'receiver_remember_email_notify_settings',
          ],
          merge,
        ),
        appointment_date: new Date(body.appointment_date),
        reschedule_reason: body.reschedule_reason,
        other_reschedule_reason: body.other_reschedule_reason,
        reschedule_list: [...referral.reschedule_list, ...previous],
        reschedule_draft: null,
        is_rescheduled: true,
        sender_unread: true,
      },
      detail: {
        reschedule_reason: body.reschedule_reason,
        other_reschedule_reason: body.other_reschedule_reason,
        appointment_date: body.appointment_date,
        previous_appointment_date: previous[0]?.appointment_date ?? null,
      },
    });
    return referralDetail(tx, call.caller, row);
  });
}
