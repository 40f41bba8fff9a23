import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate } from '@referrals/domain/dates';
import { ReferralStatusBadge } from '@/ui/referral-status-badge';
import { useVerifiedAccess } from '../access-context';

/** Which referral the page is about: to whom, for whom, when it was sent, and where it is up to. */
export function ReferralHeading() {
  const { referral } = useVerifiedAccess();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Text fw={600} fz="lg">
            {referral.receiver === null ? 'Referral' : `To ${referral.receiver}`}
          </Text>
          <ReferralStatusBadge status={referral.status} size="lg" />
        </Group>
        <Text c="gray.7">
          {[
            `For ${referral.patient_name}`,
            referral.submitted_at === null ? null : `sent ${formatDate(referral.submitted_at)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}
