import { RenewReferralSchema } from '@referrals/domain/referrals/referral-action-schemas';
import { Stack } from '@mantine/core';
import { TextField } from '@/ui/form-fields';
import { MessageField } from '../flow-fields';
import { FlowSummary } from '../flow-summary';
import type { ReferralFlowDefinition } from '../referral-flow';

type RenewValues = { renewal_reason: string; renewal_duration: string };

/** The typed months as the API takes them: '' (none typed) lets the server use the renewer's default. */
const months = (typed: string) => (typed.trim() === '' ? '' : Number(typed));

/**
 * Renew, the sender's: why and for how long, then confirm (spec section 4 Actions: renew validates with a
 * dry run, then commits; section 5 Durations). A new submitted referral goes to the same receiver.
 */
export const renewFlow: ReferralFlowDefinition<RenewValues> = {
  flow: null,
  title: 'Renew referral',
  defaultValues: () => ({ renewal_reason: '', renewal_duration: '' }),
  action: (values) => ({
    path: 'renew',
    method: 'PUT',
    schema: RenewReferralSchema,
    body: { ...values, renewal_duration: months(values.renewal_duration) },
  }),
  commitLabel: () => 'Renew referral',
  done: () => 'Referral renewed',
  pages: [
    {
      step: 'Renewal',
      title: 'Why and for how long',
      intro: 'The receiver gets a new referral for the same patient, linked to this one.',
      fields: ['renewal_reason', 'renewal_duration'],
      render: () => (
        <Stack gap="md">
          <MessageField
            name="renewal_reason"
            label="Reason for renewal"
            description="Why the patient still needs to be seen."
            withAsterisk
          />
          <TextField
            name="renewal_duration"
            label="Valid for (months)"
            description="Leave empty for the usual duration: 3 months when a specialist renews, 12 otherwise."
            inputMode="numeric"
            maw={420}
          />
        </Stack>
      ),
    },
    {
      step: 'Confirm',
      title: 'Renew the referral',
      intro: 'Nothing is sent until you confirm.',
      fields: [],
      render: ({ values }) => (
        <FlowSummary
          rows={[
            ['Reason', values.renewal_reason],
            [
              'Valid for',
              values.renewal_duration.trim() === ''
                ? 'The usual duration'
                : `${values.renewal_duration} months`,
            ],
          ]}
        />
      ),
    },
  ],
};
