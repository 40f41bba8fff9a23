import { triageCategories, triagePriorities } from '@referrals/domain/referrals/referral-codes';
import { OTHER_REASON, serviceNotes } from '@referrals/domain/referrals/referral-reason-codes';
import { SimpleGrid, Stack } from '@mantine/core';
import { SelectField, TextareaField, TextField } from '@/ui/form-fields';
import {
  appointmentText,
  codeDisplay,
  codeOptions,
  instantToLocal,
  MessageField,
  ReasonFields,
  ReceiverNotificationFields,
} from '../flow-fields';
import { FlowSummary } from '../flow-summary';
import type { ReferralFlowDefinition } from '../referral-flow';
import { AssigneeField } from './assignee-field';
import { SchedulingPage } from './scheduling-page';
import { triageAction, type TriageValues } from './triage-action';

const SCHEDULING_OUTCOMES = {
  schedule: { label: 'Schedule appointment', done: 'Referral scheduled' },
  waitlist: { label: 'Add to waitlist', done: 'Referral waitlisted' },
  skip: { label: 'Accept referral', done: 'Referral accepted' },
} as const;

function summaryRows(values: TriageValues): [string, string][] {
  const rows: [string, string][] = [
    ['Priority', codeDisplay(triagePriorities, values.triage_priority)],
    ['Category', codeDisplay(triageCategories, values.triage_category)],
    ['Wait time', values.triage_waittime],
    ['Service', codeDisplay(serviceNotes, values.service_note)],
  ];
  if (values.service_note === OTHER_REASON) rows.push(['Other service', values.service_note_other]);
  if (values.scheduling === 'schedule') {
    rows.push(
      ['Appointment', appointmentText(values.appointment_date)],
      ['Location', values.appointment_location],
    );
  } else if (values.scheduling === 'waitlist') {
    rows.push(['Expected wait', values.waitlist_period]);
  } else {
    rows.push(['Appointment', 'Not scheduled yet: the referral is accepted']);
  }
  if (values.scheduling !== 'skip') rows.push(['Message', values.receiver_message]);
  const emailed = [
    values.receiver_email_notify_referrer && 'the referrer',
    values.receiver_email_notify_patient && 'the patient',
  ].filter((who) => who !== false);
  rows.push(['Emailed to', emailed.join(' and ')]);
  return rows;
}

/** The receiver's five-page triage (spec section 4 Receiver triage flow; section 5 Triage page errors). */
export const triageFlow: ReferralFlowDefinition<TriageValues> = {
  flow: 'triage',
  title: 'Triage referral',
  defaultValues: (referral) => ({
    assignee: referral.assignee?.id ?? '',
    service_note: serviceNotes.isCode(referral.service_note) ? referral.service_note : null,
    service_note_other: referral.service_note_other ?? '',
    triage_priority: referral.triage_priority,
    triage_category: referral.triage_category,
    triage_waittime: referral.triage_waittime ?? '',
    triage_level_or_tier: referral.triage_level_or_tier ?? '',
    triage_notes: referral.triage_notes ?? '',
    scheduling: 'schedule',
    appointment_date: instantToLocal(referral.appointment_date),
    appointment_location: referral.appointment_location ?? '',
    show_appointment_details: referral.show_appointment_details,
    waitlist_period: referral.waitlist_period ?? '',
    waitlist_notes: referral.waitlist_notes ?? '',
    receiver_message: referral.receiver_message ?? '',
    receiver_email_notify_patient: false,
    receiver_email_notify_referrer: true,
    receiver_remember_email_notify_settings: false,
  }),
  action: triageAction,
  commitLabel: (values) => SCHEDULING_OUTCOMES[values.scheduling].label,
  done: (values) => SCHEDULING_OUTCOMES[values.scheduling].done,
  pages: [
    {
      step: 'Triage',
      title: 'Triage details',
      intro: 'How urgent the referral is and who will see the patient.',
      fields: [
        'assignee',
        'triage_priority',
        'triage_category',
        'triage_waittime',
        'triage_level_or_tier',
        'service_note',
        'service_note_other',
        'triage_notes',
      ],
      errorPage: 1,
      render: ({ referral }) => (
        <Stack gap="md">
          <AssigneeField referral={referral} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              name="triage_priority"
              label="Priority"
              data={codeOptions(triagePriorities)}
              placeholder="Not set"
              clearable
            />
            <SelectField
              name="triage_category"
              label="Category"
              data={codeOptions(triageCategories)}
              placeholder="Not set"
              clearable
            />
            <TextField name="triage_waittime" label="Wait time" placeholder="e.g. 4 weeks" />
            <TextField name="triage_level_or_tier" label="Level or tier" />
          </SimpleGrid>
          <ReasonFields
            name="service_note"
            otherName="service_note_other"
            label="Service"
            otherLabel="Other service"
            reasons={serviceNotes}
            optional
          />
          <TextareaField
            name="triage_notes"
            label="Triage notes"
            description="Seen by your establishment only."
          />
        </Stack>
      ),
    },
    {
      step: 'Scheduling',
      title: 'Scheduling',
      intro: 'Book the appointment now, or put the patient on the waitlist.',
      fields: [
        'appointment_date',
        'appointment_location',
        'show_appointment_details',
        'waitlist_period',
        'waitlist_notes',
      ],
      errorPage: 2,
      render: ({ next }) => <SchedulingPage next={next} />,
    },
    {
      step: 'Message',
      title: 'Message to the referrer',
      intro: 'Optional: what the referrer and patient should know before the appointment.',
      fields: ['receiver_message'],
      skipped: (values) => values.scheduling === 'skip',
      render: () => (
        <MessageField
          name="receiver_message"
          templateType="triage"
          label="Message"
          description="Sent to the referrer with your decision."
        />
      ),
    },
    {
      step: 'Notifications',
      title: 'Notifications',
      intro: 'Who is emailed about your decision.',
      fields: [
        'receiver_email_notify_referrer',
        'receiver_email_notify_patient',
        'receiver_remember_email_notify_settings',
      ],
      render: () => <ReceiverNotificationFields />,
    },
    {
      step: 'Done',
      title: 'Check and confirm',
      intro: 'Nothing is sent until you confirm.',
      fields: [],
      render: ({ values }) => <FlowSummary rows={summaryRows(values)} />,
    },
  ],
};
