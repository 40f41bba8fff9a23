import { ActionIcon, Box, Button, Divider, Group, Stack, Text } from '@mantine/core';
import {
  isLimitedMode,
  isPatientAccount,
  newReferralButton,
  type AccessContext,
  type NewReferralButton as NewReferralButtonState,
} from '@referrals/domain/people/access-rules';
import type { ReferralBox } from '@referrals/domain/referrals/referral-lists';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { DeferredTooltip } from '@/ui/deferred-tooltip';
import { activeNavItem, visibleNavGroups, type NavGroup, type NavItemId } from './nav-items';
import { SideNavLink } from './side-nav-link';
import type { NavCount } from './use-nav-counts';
import type { ShownTotals } from './use-show-totals';

type SideNavProps = {
  collapsed: boolean;
  /** The section 6 rules' input; undefined only before the profile has loaded. */
  access: AccessContext | undefined;
  /** Adds the Platform group (Establishment approvals). */
  platformAdmin?: boolean;
  /** Unread counts (and totals) per item; items without one show no badge. */
  counts?: Partial<Record<NavItemId, NavCount>>;
  /** Whether each box's totals are shown, and the way to change it ('Show totals', section 2 Layout). */
  totals: ShownTotals;
  onToggleTotals: (box: ReferralBox) => void;
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate: () => void;
};

type NewReferralButtonProps = {
  collapsed: boolean;
  state: NewReferralButtonState;
  onNavigate: () => void;
};

/** New Referral, or the same button disabled with the hint that says why (spec section 6 Rules). */
function NewReferralButton({ collapsed, state, onNavigate }: NewReferralButtonProps) {
  const hintId = useId();
  const to = paths.referrals.create.getHref();
  if (collapsed) {
    return (
      <DeferredTooltip
        label={state.enabled ? 'New Referral' : state.hint}
        position="right"
        withArrow
        multiline
        w={state.enabled ? undefined : 260}
      >
        {state.enabled ? (
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
        ) : (
          // A disabled button receives no pointer events; the wrapper keeps the hint reachable.
          <span style={{ display: 'flex', justifyContent: 'center' }}>
            <ActionIcon size={40} disabled aria-label={`New Referral. ${state.hint}`}>
              <IconPlus size={22} />
            </ActionIcon>
          </span>
        )}
      </DeferredTooltip>
    );
  }
  if (!state.enabled) {
    return (
      <Stack gap={6}>
        <Button leftSection={<IconPlus size={18} />} fullWidth disabled aria-describedby={hintId}>
          New Referral
        </Button>
        <Text id={hintId} size="xs" c="gray.7" lh={1.45} px={2}>
          {state.hint}
        </Text>
      </Stack>
    );
  }
  return (
    <Button component={Link} to={to} onClick={onNavigate} leftSection={<IconPlus size={18} />} fullWidth>
      New Referral
    </Button>
  );
}

/** 'Show totals' for one box: a toggle button beside the group's heading. */
function ShowTotalsToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <Button
      size="compact-xs"
      variant={shown ? 'light' : 'subtle'}
      color="gray"
      fw={600}
      aria-pressed={shown}
      leftSection={shown ? <IconCheck size={12} stroke={2.4} aria-hidden /> : undefined}
      onClick={onToggle}
    >
      Show totals
    </Button>
  );
}

type SideNavGroupProps = Omit<SideNavProps, 'collapsed' | 'access' | 'platformAdmin'> & {
  group: NavGroup;
  collapsed: boolean;
  active: NavItemId | null;
  /** Unlabelled groups after the first are set apart by a rule instead of a heading. */
  first: boolean;
};

function SideNavGroup({
  group,
  collapsed,
  active,
  counts,
  totals,
  onToggleTotals,
  onNavigate,
  first,
}: SideNavGroupProps) {
  // Only a box whose referral counts are on screen: elsewhere the toggle would change nothing.
  const box = group.items.some((item) => counts?.[item.id] !== undefined) ? group.box : undefined;
  const headingId = useId();
  const links = group.items.map((item) => (
    <SideNavLink
      key={item.id}
      item={item}
      groupLabel={group.label}
      active={item.id === active}
      collapsed={collapsed}
      count={counts?.[item.id]}
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
        <Group justify="space-between" wrap="nowrap" px="sm" pt={10} pb={4} gap="xs">
          <Text id={headingId} size="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: 0.6 }}>
            {group.label}
          </Text>
          {box !== undefined && <ShowTotalsToggle shown={totals[box]} onToggle={() => onToggleTotals(box)} />}
        </Group>
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
export function SideNav({
  collapsed,
  access,
  platformAdmin,
  counts,
  totals,
  onToggleTotals,
  onNavigate,
}: SideNavProps) {
  const active = activeNavItem(useLocation().pathname);
  const groups = visibleNavGroups(access, { platformAdmin });
  // The limited mode offers Help Desk, Dashboard and Settings only, a patient's account My referrals and
  // Settings: there is no referral to start there.
  const limited = access !== undefined && (isLimitedMode(access) || isPatientAccount(access));
  const newReferral: NewReferralButtonState =
    access === undefined ? { enabled: true } : newReferralButton(access);
  return (
    <>
      {!limited && (
        <Stack p={collapsed ? 'xs' : 'md'} pb="xs">
          <NewReferralButton collapsed={collapsed} state={newReferral} onNavigate={onNavigate} />
        </Stack>
      )}
      {/* The browser's own scrolling: Mantine's ScrollArea would add its weight to every first screen. */}
      <Box
        px={collapsed ? 'xs' : 'sm'}
        pt={limited ? 'md' : undefined}
        pb="md"
        style={{ flex: 1, overflowY: 'auto' }}
      >
        <Stack gap={2}>
          {groups.map((group, index) => (
            <SideNavGroup
              key={group.label === '' ? `group-${index}` : group.label}
              group={group}
              collapsed={collapsed}
              active={active}
              counts={counts}
              totals={totals}
              onToggleTotals={onToggleTotals}
              onNavigate={onNavigate}
              first={index === 0}
            />
          ))}
        </Stack>
      </Box>
    </>
  );
}
