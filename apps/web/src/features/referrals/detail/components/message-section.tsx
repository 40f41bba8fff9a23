import { Stack, Text } from '@mantine/core';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { SectionCard } from '@/ui/section-card';

/** The referrer's message, and the receiver's reply once there is one (section 3 Referral). */
export function MessageSection({ referral }: { referral: Referral }) {
  return (
    <SectionCard title="Message">
      <Stack gap="md">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{referral.referrer_message ?? 'No message.'}</Text>
        {referral.receiver_message && (
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={700} c="gray.7">
              From the receiver
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{referral.receiver_message}</Text>
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
