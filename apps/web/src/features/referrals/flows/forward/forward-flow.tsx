import { ForwardReferralSchema } from '@referrals/domain/referrals/referral-action-schemas';
import { forwardReasons } from '@referrals/domain/referrals/referral-reason-codes';
import { Stack } from '@mantine/core';
import { codeDisplay, MessageField, ReasonFields } from '../flow-fields';
import { FlowSummary } from '../flow-summary';
import type { ReferralFlowDefinition } from '../referral-flow';
import type { ForwardValues } from './forward-values';
import { ReceiverPage } from './receiver-page';

/**
 * Forward, the receiver's: the new receiver, why, confirm (spec section 4 Other flows: up to 4 pages;
 * section 5 Server field errors, Forward). The original becomes forwarded; a new referral arrives there.
 */
export const forwardFlow: ReferralFlowDefinition<ForwardValues> = {
  flow: 'forward',
  title: 'Forward referral',
  defaultValues: () => ({
    forwarded_to_establishment: '',
    receiver_name: '',
    receiver_doctors: [],
    forwarded_no_named_specialist: false,
    forwarded_assignee: null,
    forwarded_message: '',
    forwarded_reason: null,
    other_forwarded_reason: '',
    receiver_message: '',
  }),
  action: (values) => ({
    path: 'forward',
    method: 'PUT',
    schema: ForwardReferralSchema,
    body: {
      forwarded_to_establishment: values.forwarded_to_establishment,
      forwarded_no_named_specialist: values.forwarded_no_named_specialist,
      forwarded_assignee: values.forwarded_no_named_specialist ? null : values.forwarded_assignee,
      forwarded_message: values.forwarded_message,
      forwarded_reason: values.forwarded_reason,
      other_forwarded_reason: values.other_forwarded_reason,
      receiver_message: values.receiver_message,
    },
  }),
  commitLabel: () => 'Forward referral',
  done: () => 'Referral forwarded',
  pages: [
    {
      step: 'Receiver',
      title: 'Where to forward it',
      intro: 'The establishment that receives it next, and who there should see the patient.',
      fields: ['forwarded_to_establishment', 'forwarded_assignee', 'forwarded_message'],
      errorPage: 1,
      render: ({ referral }) => <ReceiverPage referral={referral} />,
    },
    {
      step: 'Reason',
      title: 'Why are you forwarding it?',
      intro: 'The referrer sees the reason and your message.',
      fields: ['forwarded_reason', 'other_forwarded_reason', 'receiver_message'],
      errorPage: 2,
      render: () => (
        <Stack gap="md">
          <ReasonFields
            name="forwarded_reason"
            otherName="other_forwarded_reason"
            label="Reason for forwarding"
            reasons={forwardReasons}
          />
          <MessageField
            name="receiver_message"
            templateType="forward"
            label="Message to the referrer"
            description="Optional: sent to the referrer with the forwarded referral."
          />
        </Stack>
      ),
    },
    {
      step: 'Confirm',
      title: 'Forward the referral',
      intro:
        'This referral becomes forwarded and a new one arrives at the new receiver. You cannot undo this.',
      fields: [],
      render: ({ values }) => (
        <FlowSummary
          rows={[
            ['New receiver', values.receiver_name],
            [
              'Named specialist',
              values.forwarded_no_named_specialist
                ? 'No named specialist'
                : values.receiver_doctors.find((doctor) => doctor.value === values.forwarded_assignee)?.label,
            ],
            ['Reason', codeDisplay(forwardReasons, values.forwarded_reason)],
            ['Other reason', values.other_forwarded_reason],
          ]}
        />
      ),
    },
  ],
};
