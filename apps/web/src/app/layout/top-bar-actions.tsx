import { ActionIcon, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { IconHelp, IconLogout, IconSettings } from '@tabler/icons-react';
import { lazy, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { useProfileImage } from '@/features/profile/api/get-profile-image';
import { useObjectUrl } from '@/lib/use-object-url';
import { DeferredTooltip } from '@/ui/deferred-tooltip';
import { MountWhenOpened, standInTriggerProps } from '@/ui/mount-when-opened';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { paths } from '@/lib/paths';
import { AvatarButton } from './avatar-button';

const LogoutDialog = lazy(() =>
  import('@/features/auth/components/logout-dialog').then((m) => ({ default: m.LogoutDialog })),
);
const loadAvatarMenu = () => import('./avatar-menu');
const AvatarMenu = lazy(() => loadAvatarMenu().then((m) => ({ default: m.AvatarMenu })));

/** The uploaded photo as an object URL once fetched; null while it loads or when there is none. */
function useAvatarUrl(profile: Profile | undefined): string | null {
  const version = profile?.avatar_image ?? null;
  const { data } = useProfileImage('avatar-image', version);
  return useObjectUrl(version === null ? undefined : data);
}

/**
 * The account menu's button, and the menu itself from its first opening on. Until then the button stands
 * alone, announcing the menu it opens; pointing at it or focusing it fetches the menu's code ahead.
 */
function AccountMenu({ profile, onLogOut }: { profile: Profile | undefined; onLogOut: () => void }) {
  const avatarUrl = useAvatarUrl(profile);
  const [opened, setOpened] = useState(false);
  const button = (
    <AvatarButton
      profile={profile}
      avatarUrl={avatarUrl}
      {...standInTriggerProps('menu', loadAvatarMenu, () => setOpened(true))}
    />
  );
  return (
    <MountWhenOpened opened={opened} fallback={button}>
      <AvatarMenu
        profile={profile}
        avatarUrl={avatarUrl}
        opened={opened}
        onChange={setOpened}
        onLogOut={onLogOut}
      />
    </MountWhenOpened>
  );
}

function TopBarLink({
  to,
  label,
  icon,
  visibleFrom,
  state,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  visibleFrom?: 'sm';
  /** Passed on to the screen opened (the Help Desk learns where it was opened from). */
  state?: unknown;
}) {
  return (
    <DeferredTooltip label={label} withArrow>
      <ActionIcon
        component={Link}
        to={to}
        state={state}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        visibleFrom={visibleFrom}
      >
        {icon}
      </ActionIcon>
    </DeferredTooltip>
  );
}

/** The right-hand side of the top bar (spec section 2 Layout): help, settings, bell, avatar, logout. */
export function TopBarActions() {
  const { data: profile } = useProfile();
  const [logoutOpened, logoutDialog] = useDisclosure(false);
  const { pathname } = useLocation();
  return (
    <Group gap={6} wrap="nowrap">
      <TopBarLink
        to={paths.help.getHref()}
        label="Help Desk"
        icon={<IconHelp size={20} stroke={1.7} />}
        state={{ from: pathname }}
      />
      {/* On a phone, Settings and Log out are in the account menu: the bar has room for the rest only. */}
      <TopBarLink
        to={paths.settings.overview.getHref()}
        label="Settings"
        icon={<IconSettings size={20} stroke={1.7} />}
        visibleFrom="sm"
      />
      <NotificationBell />
      <AccountMenu profile={profile} onLogOut={logoutDialog.open} />
      <DeferredTooltip label="Log out" withArrow>
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
      </DeferredTooltip>
      <MountWhenOpened opened={logoutOpened}>
        <LogoutDialog opened={logoutOpened} onClose={logoutDialog.close} />
      </MountWhenOpened>
    </Group>
  );
}
