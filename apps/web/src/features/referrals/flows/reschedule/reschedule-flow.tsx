import { RescheduleReferralSchema } from '@referrals/domain/referrals/referral-action-schemas';
import { rescheduleReasons } from '@referrals/domain/referrals/referral-reason-codes';
import { Stack } from '@mantine/core';
import { CheckboxField } from '@/ui/form-fields';
import {
  AppointmentFields,
  appointmentText,
  codeDisplay,
  instantToLocal,
  localToInstant,
  ReasonFields,
  ReceiverNotificationFields,
} from '../flow-fields';
import { FlowSummary } from '../flow-summary';
import type { ReferralFlowDefinition } from '../referral-flow';

type RescheduleValues = {
  reschedule_reason: string | null;
  other_reschedule_reason: string;
  appointment_date: string;
  appointment_location: string;
  show_appointment_details: boolean;
  receiver_email_notify_patient: boolean;
  receiver_email_notify_referrer: boolean;
  receiver_remember_email_notify_settings: boolean;
};

/**
 * Reschedule: the new appointment and why, who is told, confirm (spec section 4 Other flows; section 5
 * Server field errors, Reschedule). The server keeps the old appointment in reschedule_list.
 */
export const rescheduleFlow: ReferralFlowDefinition<RescheduleValues> = {
  flow: 'reschedule',
  title: 'Reschedule appointment',
  defaultValues: (referral) => ({
    reschedule_reason: null,
    other_reschedule_reason: '',
    appointment_date: instantToLocal(referral.appointment_date),
    appointment_location: referral.appointment_location ?? '',
    show_appointment_details: referral.show_appointment_details,
    receiver_email_notify_patient: false,
    receiver_email_notify_referrer: true,
    receiver_remember_email_notify_settings: false,
  }),
  action: (values) => ({
    path: 'reschedule',
    method: 'PUT',
    schema: RescheduleReferralSchema,
    body: { ...values, appointment_date: localToInstant(values.appointment_date) },
  }),
  commitLabel: () => 'Reschedule appointment',
  done: () => 'Appointment rescheduled',
  pages: [
    {
      step: 'Appointment',
      title: 'The new appointment',
      intro: 'When and where the patient is now seen, and why it moved.',
      fields: ['reschedule_reason', 'other_reschedule_reason', 'appointment_date', 'appointment_location'],
      errorPage: 1,
      render: () => (
        <Stack gap="md">
          <ReasonFields
            name="reschedule_reason"
            otherName="other_reschedule_reason"
            label="Reason for rescheduling"
            reasons={rescheduleReasons}
          />
          <AppointmentFields />
        </Stack>
      ),
    },
    {
      step: 'Notifications',
      title: 'Notifications',
      intro: 'Who is told about the new appointment.',
      fields: [
        'receiver_email_notify_referrer',
        'receiver_email_notify_patient',
        'receiver_remember_email_notify_settings',
        'show_appointment_details',
      ],
      errorPage: 2,
      render: () => (
        <Stack gap="sm">
          <ReceiverNotificationFields />
          <CheckboxField
            name="show_appointment_details"
            label="Show the appointment details to the referrer"
          />
        </Stack>
      ),
    },
    {
      step: 'Confirm',
      title: 'Check and confirm',
      intro: 'Nothing is sent until you confirm.',
      fields: [],
      render: ({ values }) => (
        <FlowSummary
          rows={[
            ['Reason', codeDisplay(rescheduleReasons, values.reschedule_reason)],
            ['Other reason', values.other_reschedule_reason],
            ['New appointment', appointmentText(values.appointment_date)],
            ['Location', values.appointment_location],
          ]}
        />
      ),
    },
  ],
};
