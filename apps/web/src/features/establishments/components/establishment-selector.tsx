import { Button, Group, Menu, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { isAdminEntryEnabled } from '@referrals/domain/people/access-rules';
import { selectorGroups } from '@referrals/domain/people/employment-rules';
import { canAccessEstablishment, orderEmployments } from '@referrals/domain/profile/profile-save-rules';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import type { EstablishmentUnreadStats } from '@referrals/domain/referrals/referral-list-schemas';
import {
  IconArchive,
  IconBuildingHospital,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useLocation } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { useSwitchEstablishment } from '../use-switch-establishment';
import { SelectorEntry } from './selector-entry';

type EstablishmentSelectorProps = {
  /** Open the dropdown from outside (the limited mode's 'Switch establishments'); uncontrolled without it. */
  opened?: boolean;
  onOpenedChange?: (opened: boolean) => void;
  /** Each establishment's unread inbox referrals; the referral stats are another feature's, so passed in. */
  unreadStats?: EstablishmentUnreadStats;
};

/** The admin portal lives under /admin; there the selector lists every entry (spec section 6 Rules). */
const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** Why an entry cannot be chosen: its status when the role may not enter, or the admin mode's rule. */
function unavailableReason(profile: Profile, employment: Employment, adminMode: boolean): string | undefined {
  if (!canAccessEstablishment(profile.role, employment)) return employment.status.display;
  if (adminMode && !isAdminEntryEnabled(employment)) return 'Not in admin mode';
  return undefined;
}

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

/**
 * The top bar's establishment selector (spec section 2 Establishment selector): the user's establishments
 * grouped Principal, Secondary and Professional with their unread inbox counters, a Closed entry that opens the
 * closed ones and an Active entry back. With a single establishment, outside the admin portal, only its
 * name is shown.
 */
export function EstablishmentSelector({ opened, onOpenedChange, unreadStats }: EstablishmentSelectorProps) {
  const { data: profile } = useProfile();
  const adminMode = isAdminPath(useLocation().pathname);
  const switchEstablishment = useSwitchEstablishment();
  const [view, setView] = useState<'active' | 'closed'>('active');
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
    // Every opening starts at the active establishments.
    if (!value) setView('active');
  };
  const choose = (employment: Employment) => {
    setOpen(false);
    if (employment.establishment.id !== current?.establishment.id) {
      void switchEstablishment(employment.establishment.id);
    }
  };
  const entry = (employment: Employment) => (
    <SelectorEntry
      key={employment.id}
      employment={employment}
      current={employment.id === current?.id}
      counters={
        unreadStats?.find((stats) => stats.establishment.id === employment.establishment.id)?.receiver_unread
      }
      unavailable={unavailableReason(profile, employment, adminMode)}
      onChoose={choose}
    />
  );
  const activeGroups = [
    { label: 'Principal', items: groups.principal },
    { label: 'Secondary', items: groups.secondary },
    { label: 'Professional', items: groups.professional },
  ].filter((group) => group.items.length > 0);

  return (
    <Menu
      opened={isOpen}
      onChange={setOpen}
      position="bottom-start"
      width={360}
      shadow="md"
      withArrow
      arrowPosition="center"
    >
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          h="auto"
          px={8}
          py={4}
          maw={{ base: 150, sm: 380 }}
          styles={{ label: { overflow: 'hidden' }, inner: { justifyContent: 'flex-start' } }}
        >
          <CurrentEstablishment employment={shown} asButton />
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Establishments">
        {view === 'active' ? (
          <>
            {activeGroups.map((group, index) => (
              <Fragment key={group.label}>
                {index > 0 && <Menu.Divider />}
                <Menu.Label>{group.label}</Menu.Label>
                {group.items.map(entry)}
              </Fragment>
            ))}
            {groups.closed.length > 0 && (
              <>
                <Menu.Divider />
                <Menu.Item
                  closeMenuOnClick={false}
                  onClick={() => setView('closed')}
                  leftSection={<IconArchive size={16} stroke={1.7} />}
                  rightSection={
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs" c="gray.7">
                        {groups.closed.length}
                      </Text>
                      <IconChevronRight size={14} />
                    </Group>
                  }
                >
                  Closed
                </Menu.Item>
              </>
            )}
          </>
        ) : (
          <>
            <Menu.Item
              closeMenuOnClick={false}
              onClick={() => setView('active')}
              leftSection={<IconChevronLeft size={16} />}
            >
              Active
            </Menu.Item>
            <Menu.Divider />
            <Menu.Label>Closed</Menu.Label>
            {groups.closed.map(entry)}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
