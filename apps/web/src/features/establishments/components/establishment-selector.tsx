import { Button, Group, Text, ThemeIcon, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { selectorGroups } from '@referrals/domain/people/employment-rules';
import { orderEmployments } from '@referrals/domain/profile/profile-save-rules';
import type { Employment } from '@referrals/domain/profile/profile-schemas';
import type { EstablishmentUnreadStats } from '@referrals/domain/referrals/referral-list-schemas';
import { IconBuildingHospital, IconChevronDown } from '@tabler/icons-react';
import { lazy, useState, type ComponentPropsWithRef } from 'react';
import { useLocation } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { MountWhenOpened, standInTriggerProps } from '@/ui/mount-when-opened';

const loadEstablishmentMenu = () => import('./establishment-menu');
const EstablishmentMenu = lazy(() => loadEstablishmentMenu().then((m) => ({ default: m.EstablishmentMenu })));

type EstablishmentSelectorProps = {
  /** Open the dropdown from outside (the limited mode's 'Switch establishments'); uncontrolled without it. */
  opened?: boolean;
  onOpenedChange?: (opened: boolean) => void;
  /** Each establishment's unread inbox referrals; the referral stats are another feature's, so passed in. */
  unreadStats?: EstablishmentUnreadStats;
};

/** The admin portal lives under /admin; there the selector lists every entry (spec section 6 Rules). */
const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

function CurrentEstablishment({ employment, asButton }: { employment: Employment; asButton: boolean }) {
  return (
    <Group gap={10} wrap="nowrap" style={{ minWidth: 0 }}>
      <ThemeIcon variant="light" size={32} radius="md" visibleFrom="xs">
        <IconBuildingHospital size={18} stroke={1.7} />
      </ThemeIcon>
      <div style={{ minWidth: 0, textAlign: 'left' }}>
        {asButton && <VisuallyHidden>Current establishment: </VisuallyHidden>}
        <Text size="sm" fw={650} lineClamp={1} lh={1.25}>
          {employment.establishment.name}
        </Text>
        <Text size="xs" c="gray.7" lineClamp={1} lh={1.25}>
          {employment.establishment.type.display}
        </Text>
      </div>
      {asButton && <IconChevronDown size={16} stroke={1.8} style={{ flexShrink: 0 }} aria-hidden />}
    </Group>
  );
}

type SelectorButtonProps = Omit<ButtonProps & ComponentPropsWithRef<'button'>, 'children'> & {
  employment: Employment;
};

function SelectorButton({ employment, ...button }: SelectorButtonProps) {
  return (
    <Button
      {...button}
      variant="subtle"
      color="gray"
      h="auto"
      px={8}
      py={4}
      maw={{ base: 150, sm: 380 }}
      styles={{ label: { overflow: 'hidden' }, inner: { justifyContent: 'flex-start' } }}
    >
      <CurrentEstablishment employment={employment} asButton />
    </Button>
  );
}

/**
 * The top bar's establishment selector (spec section 2 Establishment selector). With a single establishment,
 * outside the admin portal, only its name is shown. Otherwise a button whose menu (establishment-menu.tsx)
 * loads the first time it opens; pointing at the button or focusing it fetches the menu's code ahead.
 */
export function EstablishmentSelector({ opened, onOpenedChange, unreadStats }: EstablishmentSelectorProps) {
  const { data: profile } = useProfile();
  const adminMode = isAdminPath(useLocation().pathname);
  const [ownOpened, setOwnOpened] = useState(false);
  const groups = selectorGroups(orderEmployments(profile?.employments ?? []));
  const entryCount =
    groups.principal.length + groups.secondary.length + groups.professional.length + groups.closed.length;
  const isDropdown = entryCount > 1 || (adminMode && entryCount > 0);

  if (profile === undefined) return null;
  const current = currentEmployment(profile);
  const shown = current ?? [...groups.principal, ...groups.secondary, ...groups.professional][0];
  if (shown === undefined) return null;
  if (!isDropdown) return <CurrentEstablishment employment={shown} asButton={false} />;

  const isOpen = opened ?? ownOpened;
  const setOpen = (value: boolean) => {
    if (opened === undefined) setOwnOpened(value);
    onOpenedChange?.(value);
  };
  return (
    <MountWhenOpened
      opened={isOpen}
      fallback={
        <SelectorButton
          employment={shown}
          {...standInTriggerProps('menu', loadEstablishmentMenu, () => setOpen(true))}
        />
      }
    >
      <EstablishmentMenu
        profile={profile}
        groups={groups}
        adminMode={adminMode}
        unreadStats={unreadStats}
        opened={isOpen}
        onOpenedChange={setOpen}
        target={(ref) => <SelectorButton ref={ref} employment={shown} />}
      />
    </MountWhenOpened>
  );
}
