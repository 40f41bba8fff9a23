import { Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatDate, formatDateTime } from '@referrals/domain/dates';
import { IconCalendarEvent, IconCircleFilled } from '@tabler/icons-react';
import { SectionCard } from '@/ui/section-card';
import { useVerifiedAccess } from '../access-context';

/**
 * Where the referral is up to (its status is the heading's badge and the newest step here): the
 * appointment when the receiver shows it, and the statuses it reached and when (never who acted or why:
 * those are the clinic's words).
 */
export function ReferralProgress() {
  const { referral } = useVerifiedAccess();
  const history = [...referral.history].reverse();
  return (
    <SectionCard title="Where it is up to">
      {referral.appointment !== null && (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="green" radius="xl" aria-hidden>
            <IconCalendarEvent size={18} />
          </ThemeIcon>
          <Text>
            <strong>Appointment:</strong> {formatDateTime(referral.appointment.date)}
            {referral.appointment.location ? `, ${referral.appointment.location}` : ''}
          </Text>
        </Group>
      )}
      {history.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm" id="referral-history-heading">
            History
          </Text>
          <Box
            component="ol"
            aria-labelledby="referral-history-heading"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {history.map((entry, index) => (
              <Group key={`${entry.at}-${index}`} component="li" gap="sm" wrap="nowrap" py={4}>
                <IconCircleFilled
                  size={10}
                  aria-hidden
                  color={index === 0 ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-5)'}
                />
                <Text size="sm" fw={index === 0 ? 600 : 400} style={{ flex: 1 }}>
                  {entry.status.display}
                </Text>
                <Text size="sm" c="gray.7" title={formatDateTime(entry.at)}>
                  {formatDate(entry.at)}
                </Text>
              </Group>
            ))}
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}
