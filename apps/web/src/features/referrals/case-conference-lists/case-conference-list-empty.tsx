import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { CASE_CONFERENCE_LENGTH_DAYS } from '@referrals/domain/constants';
import type { CaseConferenceListStatus } from '@referrals/domain/referrals/referral-lists';
import { IconMessages } from '@tabler/icons-react';

const EMPTY: Record<CaseConferenceListStatus, { title: string; hint: string }> = {
  active: {
    title: 'No active case conferences.',
    hint: `A case conference you start from a referral’s page, or are invited to, is listed here for the ${String(CASE_CONFERENCE_LENGTH_DAYS)} days it stays open.`,
  },
  closed: {
    title: 'No closed case conferences.',
    hint: `A case conference you took part in is listed here once it closes, at the latest ${String(CASE_CONFERENCE_LENGTH_DAYS)} days after it was started from a referral’s page.`,
  },
};

/** The empty state: nothing to list, and what would be listed here, so an empty screen still explains itself. */
export function CaseConferenceListEmpty({ status }: { status: CaseConferenceListStatus }) {
  const { title, hint } = EMPTY[status];
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconMessages size={26} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="gray.7" maw={460}>
          {hint}
        </Text>
      </Stack>
    </Paper>
  );
}
