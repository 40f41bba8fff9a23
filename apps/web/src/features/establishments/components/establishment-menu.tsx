import { Group, Menu, Text } from '@mantine/core';
import { isAdminEntryEnabled } from '@referrals/domain/people/access-rules';
import type { SelectorGroups } from '@referrals/domain/people/employment-rules';
import { canAccessEstablishment } from '@referrals/domain/profile/profile-save-rules';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import type { EstablishmentUnreadStats } from '@referrals/domain/referrals/referral-list-schemas';
import { IconArchive, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useRef, useState, type ReactElement, type Ref } from 'react';
import { currentEmployment } from '@/lib/profile-display';
import { useOpenedAfterMount } from '@/ui/use-opened-after-mount';
import { useSwitchEstablishment } from '../use-switch-establishment';
import { SelectorEntry } from './selector-entry';

type EstablishmentMenuProps = {
  profile: Profile;
  groups: SelectorGroups<Employment>;
  /** In the admin portal, where an entry may be chosen only in admin mode (spec section 6 Rules). */
  adminMode: boolean;
  unreadStats: EstablishmentUnreadStats | undefined;
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  /** The selector's button, without a click handler of its own: the menu toggles itself. */
  target: (ref: Ref<HTMLButtonElement>) => ReactElement;
};

/** Why an entry cannot be chosen: its status when the role may not enter, or the admin mode's rule. */
function unavailableReason(profile: Profile, employment: Employment, adminMode: boolean): string | undefined {
  if (!canAccessEstablishment(profile.role, employment)) return employment.status.display;
  if (adminMode && !isAdminEntryEnabled(employment)) return 'Not in admin mode';
  return undefined;
}

/**
 * The selector's dropdown (spec section 2 Establishment selector): the establishments grouped Principal,
 * Secondary and Professional with their unread counters, a Closed entry that opens the closed ones and an
 * Active entry back. Loaded the first time the selector opens, so Mantine's Menu is not on the first screen.
 */
export function EstablishmentMenu({
  profile,
  groups,
  adminMode,
  unreadStats,
  opened,
  onOpenedChange,
  target,
}: EstablishmentMenuProps) {
  const switchEstablishment = useSwitchEstablishment();
  const [view, setView] = useState<'active' | 'closed'>('active');
  const current = currentEmployment(profile);
  const targetRef = useRef<HTMLButtonElement>(null);
  const shown = useOpenedAfterMount(opened, targetRef);
  const setOpen = (value: boolean) => {
    onOpenedChange(value);
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
      opened={shown}
      onChange={setOpen}
      position="bottom-start"
      width={360}
      shadow="md"
      withArrow
      arrowPosition="center"
    >
      <Menu.Target>{target(targetRef)}</Menu.Target>
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
