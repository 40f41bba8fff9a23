import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { isDraftList, type ReferralListSource } from './referral-list-source';

/** What an empty list is for, so an empty screen still tells the user where referrals will appear. */
function emptyText(source: ReferralListSource): { title: string; hint: string } {
  if (isDraftList(source)) {
    return {
      title: 'No drafts',
      hint: 'Referrals you start and have not sent yet are kept here until you send or delete them.',
    };
  }
  switch (source.box) {
    case 'inbox':
      return {
        title: 'No referrals yet',
        hint: 'Referrals sent to your establishment are listed here as they arrive.',
      };
    case 'outbox':
      return {
        title: 'No referrals yet',
        hint: 'Referrals you and your establishment send are listed here, with where each one is up to.',
      };
    case 'archive':
      return {
        title: 'Nothing archived',
        hint: 'Referrals you archive leave their inbox or outbox list and are kept here for reference.',
      };
    case 'trash':
      return {
        title: 'No deleted items',
        hint: 'Referrals you delete are kept here in case you need to look at them again.',
      };
  }
}

/** The empty state: why there is nothing, and with filters on, a way to clear them. */
export function ReferralListEmpty({
  source,
  filtered,
  onClear,
}: {
  source: ReferralListSource;
  filtered: boolean;
  onClear: () => void;
}) {
  const { title, hint } = emptyText(source);
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconInbox size={26} stroke={1.6} />
        </ThemeIcon>
        {filtered ? (
          <>
            <Text fw={600}>No referrals match these filters</Text>
            <Text size="sm" c="gray.7" maw={460}>
              Try another search type, a wider date range, or clear My tags and turn off My referrals and
              Archived.
            </Text>
            <Button variant="light" onClick={onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="gray.7" maw={460}>
              {hint}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
