import { ActionIcon, Indicator, type ActionIconProps } from '@mantine/core';
import { NOTIFICATION_BADGE_CAP } from '@referrals/domain/constants';
import { capCount } from '@referrals/domain/counters';
import { IconBell } from '@tabler/icons-react';
import { lazy, useState, type ComponentPropsWithRef } from 'react';
import { DeferredTooltip } from '@/ui/deferred-tooltip';
import { MountWhenOpened, standInTriggerProps } from '@/ui/mount-when-opened';
import { useUnseenNotificationCount } from '../api/list-notifications';

const loadNotificationPopover = () => import('./notification-popover');
const NotificationPopover = lazy(() =>
  loadNotificationPopover().then((m) => ({ default: m.NotificationPopover })),
);

type BellButtonProps = ActionIconProps & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

function BellButton(props: BellButtonProps) {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" {...props}>
      <IconBell size={20} stroke={1.7} />
    </ActionIcon>
  );
}

/**
 * The top bar bell with its unseen count capped at 99+, polled every 30 s, and the notifications panel
 * (spec section 2 Layout, Notifications panel). The panel's popover loads the first time the bell opens;
 * pointing at the bell or focusing it fetches its code ahead.
 */
export function NotificationBell() {
  const { data: unseen } = useUnseenNotificationCount();
  const badge = unseen !== undefined && unseen > 0 ? capCount(unseen, NOTIFICATION_BADGE_CAP) : null;
  const [opened, setOpened] = useState(false);
  const label = badge === null ? 'Notifications' : `Notifications, ${badge} unread`;
  return (
    // The badge sits outside the popover target so the button itself carries the popup's ARIA state.
    <Indicator label={badge} size={16} offset={6} disabled={badge === null} color="red">
      <MountWhenOpened
        opened={opened}
        fallback={
          <DeferredTooltip label="Notifications" withArrow>
            <BellButton
              aria-label={label}
              {...standInTriggerProps('dialog', loadNotificationPopover, () => setOpened(true))}
            />
          </DeferredTooltip>
        }
      >
        <NotificationPopover
          opened={opened}
          onOpenedChange={setOpened}
          target={(ref) => (
            <BellButton ref={ref} aria-label={label} onClick={() => setOpened((current) => !current)} />
          )}
        />
      </MountWhenOpened>
    </Indicator>
  );
}
