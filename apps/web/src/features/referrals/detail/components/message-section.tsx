import { Stack, Text } from '@mantine/core';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { SectionCard } from '@/ui/section-card';
import { Labelled } from './labelled';

/**
 * The referrer's message, and the receiver's reply once there is one (section 3 Referral). On a request
 * for advice the message is the sender's question.
 */
export function MessageSection({ referral }: { referral: Referral }) {
  return (
    <SectionCard title={referral.type === 'ADVICE_AND_GUIDANCE' ? 'Question' : 'Message'}>
      <Stack gap="md">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{referral.referrer_message ?? 'No message.'}</Text>
        {referral.receiver_message && (
          <Labelled label="From the receiver">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{referral.receiver_message}</Text>
          </Labelled>
        )}
      </Stack>
    </SectionCard>
  );
}
