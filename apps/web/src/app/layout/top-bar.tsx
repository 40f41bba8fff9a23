import { ActionIcon, Burger, Group, Kbd, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EstablishmentSelector } from '@/features/establishments/components/establishment-selector';
import { useEstablishmentUnreadStats } from '@/features/referrals/api/referral-stats';
import { paths } from '@/lib/paths';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { Logo } from '@/ui/logo';
import { DeferredTooltip } from '@/ui/deferred-tooltip';
import { TopBarActions } from './top-bar-actions';

export const SIDE_NAV_ID = 'side-navigation';

type TopBarProps = {
  navCollapsed: boolean;
  onToggleNav: () => void;
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
  selectorOpened: boolean;
  onSelectorOpenedChange: (opened: boolean) => void;
};

function ShortcutHint({ collapsed }: { collapsed: boolean }) {
  return (
    <Text size="xs" component="span">
      {collapsed ? 'Expand' : 'Collapse'} navigation <Kbd size="xs">Alt</Kbd> + <Kbd size="xs">\</Kbd>
    </Text>
  );
}

/** The main layout's top bar (spec section 2 Layout). */
export function TopBar({
  navCollapsed,
  onToggleNav,
  mobileNavOpened,
  onToggleMobileNav,
  selectorOpened,
  onSelectorOpenedChange,
}: TopBarProps) {
  const NavIcon = navCollapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  // Polled only while the selector is open, the one place its counters show; the answer is kept, so
  // opening it again shows the last counters at once while they are read afresh.
  const { data: unreadStats } = useEstablishmentUnreadStats({ enabled: selectorOpened });
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {/* Two controls because phones get an overlay drawer and desktops a collapsible rail. */}
        <Burger
          opened={mobileNavOpened}
          onClick={onToggleMobileNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={mobileNavOpened}
          aria-controls={SIDE_NAV_ID}
        />
        <DeferredTooltip label={<ShortcutHint collapsed={navCollapsed} />} withArrow>
          <ActionIcon
            visibleFrom="sm"
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggleNav}
            aria-label="Toggle navigation"
            aria-expanded={!navCollapsed}
            aria-controls={SIDE_NAV_ID}
          >
            <NavIcon size={22} stroke={1.7} />
          </ActionIcon>
        </DeferredTooltip>
        <Link
          to={paths.home.getHref()}
          aria-label="Referrals, go to Dashboard"
          style={{ textDecoration: 'none' }}
        >
          <TopBarLogo />
        </Link>
        <EstablishmentSelector
          opened={selectorOpened}
          onOpenedChange={onSelectorOpenedChange}
          unreadStats={unreadStats}
        />
      </Group>
      <TopBarActions />
    </Group>
  );
}

/** The current establishment's branding logo when it has one, else the product's (section 2 Layout). */
function TopBarLogo() {
  const { data: profile } = useProfile();
  const establishment = profile ? currentEmployment(profile)?.establishment : undefined;
  // A phone's bar keeps room for the establishment and the actions: the product's mark without its name.
  if (!establishment?.branding_logo) return <Logo markOnlyOnPhone />;
  return (
    <img
      src={establishment.branding_logo}
      alt={`${establishment.name} logo`}
      style={{ height: 32, maxWidth: 160, objectFit: 'contain', display: 'block' }}
    />
  );
}
