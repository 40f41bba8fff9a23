import { ReturnReferralSchema } from '@referrals/domain/referrals/referral-action-schemas';
import { returnReasons } from '@referrals/domain/referrals/referral-reason-codes';
import { codeDisplay, MessageField, ReasonFields } from '../flow-fields';
import { FlowSummary } from '../flow-summary';
import type { ReferralFlowDefinition } from '../referral-flow';

type ReturnValues = { return_reason: string | null; other_return_reason: string; receiver_message: string };

/** Return: reason, message, confirm (spec section 4 Other flows; section 5 Server field errors, Return). */
export const returnFlow: ReferralFlowDefinition<ReturnValues> = {
  flow: 'return',
  title: 'Return referral',
  defaultValues: () => ({ return_reason: null, other_return_reason: '', receiver_message: '' }),
  action: (values) => ({ path: 'return', method: 'PUT', schema: ReturnReferralSchema, body: values }),
  commitLabel: () => 'Return referral',
  done: () => 'Referral returned',
  pages: [
    {
      step: 'Reason',
      title: 'Why are you returning it?',
      intro: 'The referrer sees this reason with the returned referral.',
      fields: ['return_reason', 'other_return_reason'],
      errorPage: 1,
      render: () => (
        <ReasonFields
          name="return_reason"
          otherName="other_return_reason"
          label="Reason for return"
          reasons={returnReasons}
        />
      ),
    },
    {
      step: 'Message',
      title: 'Message to the referrer',
      intro: 'Optional: what the referrer should do next, or where to refer instead.',
      fields: ['receiver_message'],
      errorPage: 1,
      render: () => (
        <MessageField
          name="receiver_message"
          templateType="return"
          label="Message"
          description="Sent to the referrer with the returned referral."
        />
      ),
    },
    {
      step: 'Confirm',
      title: 'Return the referral',
      intro: 'The referral goes back to the referrer as returned. You cannot undo this.',
      fields: [],
      render: ({ values }) => (
        <FlowSummary
          rows={[
            ['Reason', codeDisplay(returnReasons, values.return_reason)],
            ['Other reason', values.other_return_reason],
            ['Message', values.receiver_message],
          ]}
        />
      ),
    },
  ],
};
