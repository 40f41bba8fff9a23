import {
  AcceptReferralRequestSchema,
  ScheduleReferralSchema,
  WaitlistReferralSchema,
} from '@referrals/domain/referrals/referral-action-schemas';
import { OTHER_REASON } from '@referrals/domain/referrals/referral-reason-codes';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { localToInstant } from '../flow-fields';
import type { FlowAction } from '../referral-flow';

/** What the receiver does on page 2: book, waitlist, or skip scheduling and accept. */
export type TriageScheduling = 'schedule' | 'waitlist' | 'skip';

export type TriageValues = {
  assignee: string;
  service_note: string | null;
  service_note_other: string;
  triage_priority: string | null;
  triage_category: string | null;
  triage_waittime: string;
  triage_level_or_tier: string;
  triage_notes: string;
  scheduling: TriageScheduling;
  appointment_date: string;
  appointment_location: string;
  show_appointment_details: boolean;
  waitlist_period: string;
  waitlist_notes: string;
  receiver_message: string;
  receiver_email_notify_patient: boolean;
  receiver_email_notify_referrer: boolean;
  receiver_remember_email_notify_settings: boolean;
};

/**
 * The one call the triage ends in (spec section 4 Receiver triage flow): with scheduling skipped the
 * referral is accepted instead of scheduled; a waitlist period waitlists it. A viewed or submitted
 * referral goes there directly, the triage fields riding on that call (docs/referrals.md: schedule takes
 * them from SBMT, VWD and UPDT), with no separate accept first.
 */
export function triageAction(values: TriageValues, referral: Referral): FlowAction {
  const skipped = values.scheduling === 'skip';
  const triage = {
    assignee: values.assignee,
    service_note: values.service_note,
    // The other text shows only with OTHER: one typed before another choice is not sent.
    service_note_other: values.service_note === OTHER_REASON ? values.service_note_other : '',
    triage_priority: values.triage_priority,
    triage_category: values.triage_category,
    triage_waittime: values.triage_waittime,
    triage_level_or_tier: values.triage_level_or_tier,
    triage_notes: values.triage_notes,
    // The message page is passed over with scheduling skipped: nothing typed there earlier is sent.
    receiver_message: skipped ? '' : values.receiver_message,
    receiver_email_notify_patient: values.receiver_email_notify_patient,
    receiver_email_notify_referrer: values.receiver_email_notify_referrer,
    receiver_remember_email_notify_settings: values.receiver_remember_email_notify_settings,
  };
  if (values.scheduling === 'schedule') {
    const manual = referral.type === 'MANUAL';
    return {
      path: manual ? 'schedule/manual' : 'schedule',
      method: manual ? 'POST' : 'PUT',
      schema: ScheduleReferralSchema,
      body: {
        ...triage,
        appointment_date: localToInstant(values.appointment_date),
        appointment_location: values.appointment_location,
        show_appointment_details: values.show_appointment_details,
      },
    };
  }
  if (values.scheduling === 'waitlist') {
    return {
      path: 'accept',
      method: 'PUT',
      schema: WaitlistReferralSchema,
      body: { ...triage, waitlist_period: values.waitlist_period, waitlist_notes: values.waitlist_notes },
    };
  }
  return { path: 'accept', method: 'PUT', schema: AcceptReferralRequestSchema, body: triage };
}
