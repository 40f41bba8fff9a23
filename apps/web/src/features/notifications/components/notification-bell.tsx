import { ActionIcon, Indicator, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { NOTIFICATION_BADGE_CAP } from '@referrals/domain/constants';
import { capCount } from '@referrals/domain/counters';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';

type NotificationBellProps = {
  /** Unread notifications; no badge when unknown (no notifications API yet) or zero. */
  unreadCount?: number;
};

/** The top bar bell with its badge capped at 99+ (spec section 2 Layout, Notifications panel). */
export function NotificationBell({ unreadCount }: NotificationBellProps) {
  const badge =
    unreadCount !== undefined && unreadCount > 0 ? capCount(unreadCount, NOTIFICATION_BADGE_CAP) : null;
  // The tooltip would cover the open panel, so it is off while the panel shows.
  const [opened, setOpened] = useState(false);
  const label = badge === null ? 'Notifications' : `Notifications, ${badge} unread`;
  return (
    // The badge sits outside the popover target so the button itself carries the popup's ARIA state.
    <Indicator label={badge} size={16} offset={6} disabled={badge === null} color="red">
      <Popover width={300} position="bottom-end" shadow="md" withArrow opened={opened} onChange={setOpened}>
        <Popover.Target>
          <Tooltip label="Notifications" withArrow disabled={opened}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              onClick={() => setOpened((current) => !current)}
            >
              <IconBell size={20} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4}>
            <Text fw={600}>Notifications</Text>
            <Text size="sm" c="gray.7">
              Updates on your referrals and reports will appear here once you are signed in.
            </Text>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
