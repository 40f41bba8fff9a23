import { ActionIcon, Button, Divider, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { activeNavItem, NAV_GROUPS, type NavGroup, type NavItemId } from './nav-items';
import { SideNavLink } from './side-nav-link';

type SideNavProps = {
  collapsed: boolean;
  /** Unread counts per item, from the nav stats API once it exists; items without one show no badge. */
  unreadCounts?: Partial<Record<NavItemId, number>>;
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate: () => void;
};

function NewReferralButton({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const to = paths.referrals.create.getHref();
  if (collapsed) {
    return (
      <Tooltip label="New Referral" position="right" withArrow>
        <ActionIcon
          component={Link}
          to={to}
          onClick={onNavigate}
          size={40}
          mx="auto"
          aria-label="New Referral"
        >
          <IconPlus size={22} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button component={Link} to={to} onClick={onNavigate} leftSection={<IconPlus size={18} />} fullWidth>
      New Referral
    </Button>
  );
}

type SideNavGroupProps = Omit<SideNavProps, 'collapsed'> & {
  group: NavGroup;
  collapsed: boolean;
  active: NavItemId | null;
  /** Unlabelled groups after the first are set apart by a rule instead of a heading. */
  first: boolean;
};

function SideNavGroup({ group, collapsed, active, unreadCounts, onNavigate, first }: SideNavGroupProps) {
  const headingId = useId();
  const links = group.items.map((item) => (
    <SideNavLink
      key={item.id}
      item={item}
      groupLabel={group.label}
      active={item.id === active}
      collapsed={collapsed}
      unreadCount={unreadCounts?.[item.id]}
      onNavigate={onNavigate}
    />
  ));
  if (group.label === '') {
    return (
      <Stack gap={2}>
        {!first && <Divider my={6} />}
        {links}
      </Stack>
    );
  }
  return (
    // A labelled group, so "Referrals" under Inbox and under Outbox are told apart by assistive technology.
    <Stack gap={2} role="group" aria-labelledby={headingId}>
      {collapsed ? (
        <Divider my={6} aria-hidden />
      ) : (
        <Text
          id={headingId}
          size="xs"
          fw={700}
          c="gray.7"
          tt="uppercase"
          px="sm"
          pt={10}
          pb={4}
          style={{ letterSpacing: 0.6 }}
        >
          {group.label}
        </Text>
      )}
      {collapsed && (
        <span id={headingId} hidden>
          {group.label}
        </span>
      )}
      {links}
    </Stack>
  );
}

/** The side navigation of the main layout (spec section 2 Layout). */
export function SideNav({ collapsed, unreadCounts, onNavigate }: SideNavProps) {
  const active = activeNavItem(useLocation().pathname);
  return (
    <>
      <Stack p={collapsed ? 'xs' : 'md'} pb="xs">
        <NewReferralButton collapsed={collapsed} onNavigate={onNavigate} />
      </Stack>
      <ScrollArea px={collapsed ? 'xs' : 'sm'} pb="md" style={{ flex: 1 }} type="scroll">
        <Stack gap={2}>
          {NAV_GROUPS.map((group, index) => (
            <SideNavGroup
              key={group.label === '' ? `group-${index}` : group.label}
              group={group}
              collapsed={collapsed}
              active={active}
              unreadCounts={unreadCounts}
              onNavigate={onNavigate}
              first={index === 0}
            />
          ))}
        </Stack>
      </ScrollArea>
    </>
  );
}
