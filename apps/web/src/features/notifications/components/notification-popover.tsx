import { Center, Loader, Popover, Tooltip } from '@mantine/core';
import { lazy, Suspense, useRef, type ReactElement, type Ref } from 'react';
import { useOpenedAfterMount } from '@/ui/use-opened-after-mount';

// The panel is every user's yet on no first screen: it loads the first time the bell opens.
const NotificationPanel = lazy(() =>
  import('./notification-panel').then((m) => ({ default: m.NotificationPanel })),
);

type NotificationPopoverProps = {
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  /** The bell's button, which toggles the panel: a controlled popover leaves that to its target. */
  target: (ref: Ref<HTMLButtonElement>) => ReactElement;
};

/**
 * The notifications panel's popover (spec section 2 Notifications panel), loaded the first time the bell
 * opens so that Mantine's Popover is not part of the first screen.
 */
export function NotificationPopover({ opened, onOpenedChange, target }: NotificationPopoverProps) {
  const targetRef = useRef<HTMLButtonElement>(null);
  const shown = useOpenedAfterMount(opened, targetRef);
  return (
    <Popover
      width={380}
      position="bottom-end"
      shadow="md"
      withArrow
      opened={shown}
      onChange={onOpenedChange}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        {/* The tooltip would cover the open panel, so it is off while the panel shows. */}
        <Tooltip label="Notifications" withArrow disabled={shown}>
          {target(targetRef)}
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
          <NotificationPanel onClose={() => onOpenedChange(false)} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
