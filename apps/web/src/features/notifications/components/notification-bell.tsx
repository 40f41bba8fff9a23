import { ActionIcon, Center, Indicator, Loader, Popover, Tooltip } from '@mantine/core';
import { NOTIFICATION_BADGE_CAP } from '@referrals/domain/constants';
import { capCount } from '@referrals/domain/counters';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useUnseenNotificationCount } from '../api/list-notifications';

// The panel is every user's yet on no first screen: it loads the first time the bell opens.
const NotificationPanel = lazy(() =>
  import('./notification-panel').then((m) => ({ default: m.NotificationPanel })),
);

/**
 * The top bar bell with its unseen count capped at 99+, polled every 30 s, and the notifications panel
 * (spec section 2 Layout, Notifications panel).
 */
export function NotificationBell() {
  const { data: unseen } = useUnseenNotificationCount();
  const badge = unseen !== undefined && unseen > 0 ? capCount(unseen, NOTIFICATION_BADGE_CAP) : null;
  // The tooltip would cover the open panel, so it is off while the panel shows.
  const [opened, setOpened] = useState(false);
  const label = badge === null ? 'Notifications' : `Notifications, ${badge} unread`;
  return (
    // The badge sits outside the popover target so the button itself carries the popup's ARIA state.
    <Indicator label={badge} size={16} offset={6} disabled={badge === null} color="red">
      <Popover
        width={380}
        position="bottom-end"
        shadow="md"
        withArrow
        opened={opened}
        onChange={setOpened}
        trapFocus
        returnFocus
      >
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
        <Popover.Dropdown p={0} aria-label="Notifications" maw="calc(100vw - 16px)">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" aria-label="Loading notifications" />
              </Center>
            }
          >
            <NotificationPanel onClose={() => setOpened(false)} />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
