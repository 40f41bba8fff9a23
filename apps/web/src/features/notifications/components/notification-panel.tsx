import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { relativeAge } from '@referrals/domain/dates';
import type { Notification } from '@referrals/domain/notifications/notification-schemas';
import { IconBellCheck } from '@tabler/icons-react';
import type { UIEvent } from 'react';
import { useNavigate } from 'react-router';
import { useNotificationPages } from '../api/list-notification-pages';
import { useMarkAllNotificationsViewed } from '../api/mark-all-notifications-viewed';
import { useMarkNotificationViewed } from '../api/mark-notification-viewed';
import { notificationHref } from '../notification-referral';
import classes from './notification-panel.module.css';

/** How close to the end of the list, in pixels, the next page starts loading: before the user gets there. */
const LOAD_AHEAD_PX = 80;

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.viewed_at === null;
  return (
    <li>
      <UnstyledButton className={classes.item} data-unread={unread || undefined} onClick={onOpen}>
        <Group gap={10} wrap="nowrap" align="flex-start">
          <span className={classes.dot} aria-hidden />
          <Box style={{ minWidth: 0 }}>
            {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
            <Text size="sm" fw={unread ? 700 : 500} lh={1.35}>
              {notification.title}
            </Text>
            <Text size="sm" c="gray.7" lh={1.4} lineClamp={3}>
              {notification.text}
            </Text>
            <Text size="xs" c="gray.7" mt={4}>
              {relativeAge(notification.created_at)} ago
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/**
 * The notifications panel under the bell (spec section 2 Layout): newest first, the next page loaded on
 * scrolling to the end, 'Mark all as read', and opening one marks it viewed and goes to its referral.
 * Loaded the first time the bell opens, so the first screen carries none of it.
 */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const pages = useNotificationPages();
  const markOne = useMarkNotificationViewed();
  const markAll = useMarkAllNotificationsViewed();
  const navigate = useNavigate();
  const notifications = pages.data?.pages.flatMap((page) => page.results) ?? [];
  const unseen = pages.data?.pages[0]?.unseen_count ?? 0;

  const open = (notification: Notification) => {
    if (notification.viewed_at === null) markOne.mutate(notification.id);
    const href = notificationHref(notification);
    if (href === null) return;
    onClose();
    void navigate(href);
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const nearEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_AHEAD_PX;
    if (nearEnd && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <div>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" className={classes.header}>
        <Text component="h2" fw={650} size="md">
          Notifications
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unseen === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </Group>
      <div className={classes.list} onScroll={onScroll}>
        {pages.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading notifications" />
          </Center>
        ) : pages.isError ? (
          <Text size="sm" c="red.8" p="md" role="alert">
            The notifications could not be loaded. They will be tried again shortly.
          </Text>
        ) : notifications.length === 0 ? (
          <Stack align="center" gap={6} py="xl">
            <IconBellCheck size={28} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text size="sm" c="gray.7">
              No recent notifications
            </Text>
          </Stack>
        ) : (
          <ul className={classes.items} aria-label="Notifications">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={() => open(notification)}
              />
            ))}
          </ul>
        )}
        {pages.isFetchingNextPage && (
          <Center py="sm">
            <Loader size="xs" aria-label="Loading more notifications" />
          </Center>
        )}
      </div>
    </div>
  );
}
