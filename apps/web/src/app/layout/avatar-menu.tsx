import { Avatar, Group, Menu, Stack, Text } from '@mantine/core';
import { canAdministerEstablishment } from '@referrals/domain/people/access-rules';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import {
  IconBuildingHospital,
  IconLogout,
  IconSettings,
  IconUser,
  IconUserShield,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { currentEmployment, profileDisplayName, profileInitials } from '@/lib/profile-display';
import { useOpenedAfterMount } from '@/ui/use-opened-after-mount';
import { AvatarButton } from './avatar-button';

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

type AvatarMenuProps = {
  profile: Profile | undefined;
  avatarUrl: string | null;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onLogOut: () => void;
};

/**
 * The avatar menu: who is signed in, where, and the way to their profile, settings and logout. Loaded the
 * first time it opens (top-bar-actions.tsx), so Mantine's Menu is not part of the first screen.
 */
export function AvatarMenu({ profile, avatarUrl, opened, onChange, onLogOut }: AvatarMenuProps) {
  // The admin portal belongs to the approved account holder of the current establishment (section 2).
  const administers = profile !== undefined && canAdministerEstablishment(currentEmployment(profile));
  const target = useRef<HTMLButtonElement>(null);
  const shown = useOpenedAfterMount(opened, target);
  return (
    <Menu opened={shown} onChange={onChange} position="bottom-end" width={260} shadow="md" withArrow>
      <Menu.Target>
        <AvatarButton ref={target} profile={profile} avatarUrl={avatarUrl} />
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
