import { ActionIcon, Avatar, Group, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHelp, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { paths } from '@/lib/paths';

/**
 * The neutral avatar menu. There is no sign-in yet, so it says so instead of showing a made-up user;
 * the sign-in issue puts the user's name, role and establishment here.
 */
function AvatarMenu() {
  return (
    <Menu position="bottom-end" width={220} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
          <Avatar radius="xl" size={34} color="gray" variant="light">
            <IconUser size={20} stroke={1.7} />
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Not signed in</Menu.Label>
        <Menu.Item
          component={Link}
          to={paths.settings.section.getHref('profile')}
          leftSection={<IconUser size={16} />}
        >
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.settings.overview.getHref()}
          leftSection={<IconSettings size={16} />}
        >
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.auth.logout.getHref()} leftSection={<IconLogout size={16} />}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function TopBarLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon component={Link} to={to} variant="subtle" color="gray" size="lg" aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The right-hand side of the top bar (spec section 2 Layout): help, settings, bell, avatar, logout. */
export function TopBarActions({ unreadNotifications }: { unreadNotifications?: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <TopBarLink to={paths.help.getHref()} label="Help Desk" icon={<IconHelp size={20} stroke={1.7} />} />
      <TopBarLink
        to={paths.settings.overview.getHref()}
        label="Settings"
        icon={<IconSettings size={20} stroke={1.7} />}
      />
      <NotificationBell unreadCount={unreadNotifications} />
      <AvatarMenu />
      <TopBarLink
        to={paths.auth.logout.getHref()}
        label="Log out"
        icon={<IconLogout size={20} stroke={1.7} />}
      />
    </Group>
  );
}
