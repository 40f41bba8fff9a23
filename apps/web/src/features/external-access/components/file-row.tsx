import { Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@referrals/domain/dates';
import type { ExternalAttachment } from '@referrals/domain/external-access/external-access-schemas';
import { IconFileText } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { megabytes } from '@/lib/file-checks';

/** One of the referral's files: its name, size, when it came, its note, and what can be done with it. */
export function FileRow({ file, action }: { file: ExternalAttachment; action?: ReactNode }) {
  return (
    <Group component="li" justify="space-between" gap="sm" py="xs" wrap="wrap">
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 220px' }}>
        <IconFileText size={22} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {file.original_name}
          </Text>
          <Text size="sm" c="gray.7">
            {[
              file.is_consent_form ? 'Signed consent form' : null,
              megabytes(file.size),
              formatDate(file.created_at),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {file.note !== null && file.note !== '' && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.note}
            </Text>
          )}
        </Stack>
      </Group>
      {action}
    </Group>
  );
}
