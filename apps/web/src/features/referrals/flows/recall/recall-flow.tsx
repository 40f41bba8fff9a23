import { RecallReferralSchema } from '@referrals/domain/referrals/referral-action-schemas';
import { recallReasons } from '@referrals/domain/referrals/referral-reason-codes';
import { codeDisplay, MessageField, ReasonFields } from '../flow-fields';
import { FlowSummary } from '../flow-summary';
import type { ReferralFlowDefinition } from '../referral-flow';

type RecallValues = { recall_reason: string | null; other_recall_reason: string; recall_message: string };

/**
 * Recall, the sender's: reason, message, confirm (spec section 4 Other flows; section 5 Server field
 * errors, Recall). The referral comes back as a draft to correct and send again.
 */
export const recallFlow: ReferralFlowDefinition<RecallValues> = {
  flow: 'recall',
  title: 'Recall referral',
  defaultValues: () => ({ recall_reason: null, other_recall_reason: '', recall_message: '' }),
  action: (values) => ({ path: 'recall', method: 'PUT', schema: RecallReferralSchema, body: values }),
  commitLabel: () => 'Recall referral',
  done: () => 'Referral recalled',
  pages: [
    {
      step: 'Reason',
      title: 'Why are you recalling it?',
      intro: 'The receiver sees this reason on their read-only copy.',
      fields: ['recall_reason', 'other_recall_reason'],
      errorPage: 1,
      render: () => (
        <ReasonFields
          name="recall_reason"
          otherName="other_recall_reason"
          label="Reason for recall"
          reasons={recallReasons}
        />
      ),
    },
    {
      step: 'Message',
      title: 'Message to the receiver',
      intro: 'Optional: anything the receiver should know while the referral is with you.',
      fields: ['recall_message'],
      errorPage: 1,
      render: () => (
        <MessageField
          name="recall_message"
          templateType="recall"
          label="Message"
          description="Sent to the receiver with the recall."
        />
      ),
    },
    {
      step: 'Confirm',
      title: 'Recall the referral',
      intro:
        'The referral comes back to you as a draft. The receiver keeps a read-only copy until you send it again.',
      fields: [],
      render: ({ values }) => (
        <FlowSummary
          rows={[
            ['Reason', codeDisplay(recallReasons, values.recall_reason)],
            ['Other reason', values.other_recall_reason],
            ['Message', values.recall_message],
          ]}
        />
      ),
    },
  ],
};
