import { ActionIcon, Avatar, Group, Menu, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { IconBuildingHospital, IconHelp, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import { currentEmployment, profileDisplayName, profileInitials } from '@/lib/profile-display';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { paths } from '@/lib/paths';

function AccountSummary({ profile }: { profile: Profile }) {
  const establishment = currentEmployment(profile)?.establishment;
  return (
    <Stack gap={2} px="sm" pt="xs" pb="sm">
      <Text fw={650} size="sm">
        {profileDisplayName(profile)}
      </Text>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {profile.email}
      </Text>
      {profile.role !== null && (
        <Text size="xs" c="gray.7">
          {profile.role.display}
        </Text>
      )}
      {establishment !== undefined && (
        <Group gap={6} wrap="nowrap" mt={4}>
          <IconBuildingHospital size={14} stroke={1.7} aria-hidden />
          <Text size="xs" c="gray.8" lineClamp={2}>
            {establishment.name}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** The avatar menu: who is signed in, where, and the way to their profile, settings and logout. */
function AvatarMenu({ profile, onLogOut }: { profile: Profile | undefined; onLogOut: () => void }) {
  return (
    <Menu position="bottom-end" width={260} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
          <Avatar radius="xl" size={34} color="brand" variant="light">
            {profile === undefined ? <IconUser size={20} stroke={1.7} /> : profileInitials(profile)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {profile !== undefined && (
          <>
            <AccountSummary profile={profile} />
            <Menu.Divider />
          </>
        )}
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
        <Menu.Item onClick={onLogOut} leftSection={<IconLogout size={16} />}>
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
  const { data: profile } = useProfile();
  const [logoutOpened, logoutDialog] = useDisclosure(false);
  return (
    <Group gap={6} wrap="nowrap">
      <TopBarLink to={paths.help.getHref()} label="Help Desk" icon={<IconHelp size={20} stroke={1.7} />} />
      <TopBarLink
        to={paths.settings.overview.getHref()}
        label="Settings"
        icon={<IconSettings size={20} stroke={1.7} />}
      />
      <NotificationBell unreadCount={unreadNotifications} />
      <AvatarMenu profile={profile} onLogOut={logoutDialog.open} />
      <Tooltip label="Log out" withArrow>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Log out" onClick={logoutDialog.open}>
          <IconLogout size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <LogoutDialog opened={logoutOpened} onClose={logoutDialog.close} />
    </Group>
  );
}
