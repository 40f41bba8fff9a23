import { ActionIcon, Avatar, Group, Menu, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canAdministerEstablishment } from '@referrals/domain/people/access-rules';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import {
  IconBuildingHospital,
  IconHelp,
  IconLogout,
  IconSettings,
  IconUser,
  IconUserShield,
} from '@tabler/icons-react';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { useProfileImage } from '@/features/profile/api/get-profile-image';
import { useObjectUrl } from '@/lib/use-object-url';
import { MountWhenOpened } from '@/ui/mount-when-opened';
import { currentEmployment, profileDisplayName, profileInitials } from '@/lib/profile-display';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { paths } from '@/lib/paths';

const LogoutDialog = lazy(() =>
  import('@/features/auth/components/logout-dialog').then((m) => ({ default: m.LogoutDialog })),
);

/** The uploaded photo as an object URL once fetched; null while it loads or when there is none. */
function useAvatarUrl(profile: Profile | undefined): string | null {
  const version = profile?.avatar_image ?? null;
  const { data } = useProfileImage('avatar-image', version);
  return useObjectUrl(version === null ? undefined : data);
}

function AccountSummary({ profile, avatarUrl }: { profile: Profile; avatarUrl: string | null }) {
  const establishment = currentEmployment(profile)?.establishment;
  return (
    // A menu may only hold items and groups: the summary is a group, so assistive technology reads it
    // as part of the menu instead of stray content (axe aria-required-children).
    <Group
      role="group"
      aria-label={`Signed in as ${profileDisplayName(profile)}`}
      gap="sm"
      px="sm"
      pt="xs"
      pb="sm"
      wrap="nowrap"
      align="flex-start"
    >
      <Avatar src={avatarUrl} radius="xl" size={40} color="brand" variant="light" alt="">
        {profileInitials(profile)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
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
    </Group>
  );
}

/** The avatar menu: who is signed in, where, and the way to their profile, settings and logout. */
function AvatarMenu({ profile, onLogOut }: { profile: Profile | undefined; onLogOut: () => void }) {
  const avatarUrl = useAvatarUrl(profile);
  // The admin portal belongs to the approved account holder of the current establishment (section 2).
  const administers = profile !== undefined && canAdministerEstablishment(currentEmployment(profile));
  return (
    <Menu position="bottom-end" width={260} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
          <Avatar
            src={avatarUrl}
            alt="Your profile photo"
            radius="xl"
            size={34}
            color="brand"
            variant="light"
          >
            {profile === undefined ? <IconUser size={20} stroke={1.7} /> : profileInitials(profile)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {profile !== undefined && (
          <>
            <AccountSummary profile={profile} avatarUrl={avatarUrl} />
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
        {administers && (
          <Menu.Item
            component={Link}
            to={paths.admin.getHref('users', 'all')}
            leftSection={<IconUserShield size={16} />}
          >
            Admin portal
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={onLogOut} leftSection={<IconLogout size={16} />}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function TopBarLink({
  to,
  label,
  icon,
  visibleFrom,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  visibleFrom?: 'sm';
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        visibleFrom={visibleFrom}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The right-hand side of the top bar (spec section 2 Layout): help, settings, bell, avatar, logout. */
export function TopBarActions() {
  const { data: profile } = useProfile();
  const [logoutOpened, logoutDialog] = useDisclosure(false);
  return (
    <Group gap={6} wrap="nowrap">
      <TopBarLink to={paths.help.getHref()} label="Help Desk" icon={<IconHelp size={20} stroke={1.7} />} />
      {/* On a phone, Settings and Log out are in the account menu: the bar has room for the rest only. */}
      <TopBarLink
        to={paths.settings.overview.getHref()}
        label="Settings"
        icon={<IconSettings size={20} stroke={1.7} />}
        visibleFrom="sm"
      />
      <NotificationBell />
      <AvatarMenu profile={profile} onLogOut={logoutDialog.open} />
      <Tooltip label="Log out" withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Log out"
          onClick={logoutDialog.open}
          visibleFrom="sm"
        >
          <IconLogout size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <MountWhenOpened opened={logoutOpened}>
        <LogoutDialog opened={logoutOpened} onClose={logoutDialog.close} />
      </MountWhenOpened>
    </Group>
  );
}
