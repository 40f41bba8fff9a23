import { Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { usePlatformSubscription } from '../api/platform-subscription';

/** Settings, Profile: the platform chosen on the platform selection screen, and the way to change it. */
export function PlatformSummary() {
  const subscription = usePlatformSubscription();
  const selected = subscription.data?.selected_platform ?? null;
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      {subscription.isPending ? (
        <Loader size="sm" aria-label="Loading your platform" />
      ) : (
        <Text>{selected === null ? 'Not chosen yet' : selected.display}</Text>
      )}
      <Button
        variant="light"
        component={Link}
        to={paths.account.platform.getHref(paths.settings.section.getHref('profile'))}
      >
        {selected === null ? 'Choose your platform' : 'Change platform'}
      </Button>
    </Group>
  );
}
