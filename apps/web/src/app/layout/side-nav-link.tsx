import { Indicator, NavLink, Tooltip } from '@mantine/core';
import { UNREAD_COUNTER_CAP } from '@referrals/domain/constants';
import { capCount } from '@referrals/domain/counters';
import { Link } from 'react-router';
import { CountBadge } from '@/ui/count-badge';
import { NAV_ICONS } from './nav-icons';
import type { NavItem } from './nav-items';

const LINK_HEIGHT = 36;
const LINK_RADIUS = 'var(--mantine-radius-md)';

type SideNavLinkProps = {
  item: NavItem;
  /** The group's name, so that collapsed links and tooltips say "Inbox: Referrals", not just "Referrals". */
  groupLabel: string;
  active: boolean;
  collapsed: boolean;
  unreadCount: number | undefined;
  onNavigate: () => void;
};

/** One side navigation link: label and unread badge when expanded, icon with tooltip when collapsed. */
export function SideNavLink({
  item,
  groupLabel,
  active,
  collapsed,
  unreadCount,
  onNavigate,
}: SideNavLinkProps) {
  const ItemIcon = NAV_ICONS[item.id];
  const fullLabel = groupLabel === '' ? item.label : `${groupLabel}: ${item.label}`;
  const count = item.showsUnreadCount ? unreadCount : undefined;
  const icon = <ItemIcon size={20} stroke={1.7} />;

  if (collapsed) {
    return (
      <Tooltip label={fullLabel} position="right" withArrow openDelay={200}>
        <NavLink
          component={Link}
          to={item.href}
          onClick={onNavigate}
          active={active}
          aria-current={active ? 'page' : undefined}
          aria-label={
            count === undefined ? fullLabel : `${fullLabel}, ${capCount(count, UNREAD_COUNTER_CAP)} unread`
          }
          leftSection={
            count === undefined || count === 0 ? (
              icon
            ) : (
              // No room for a number in the rail: a dot says "unread here", the label carries the count.
              <Indicator size={8} offset={2} color="red" style={{ display: 'flex' }}>
                {icon}
              </Indicator>
            )
          }
          styles={{
            root: {
              justifyContent: 'center',
              paddingInline: 0,
              height: LINK_HEIGHT,
              borderRadius: LINK_RADIUS,
            },
            section: { marginInlineEnd: 0 },
            body: { display: 'none' },
          }}
        />
      </Tooltip>
    );
  }

  return (
    <NavLink
      component={Link}
      to={item.href}
      onClick={onNavigate}
      active={active}
      aria-current={active ? 'page' : undefined}
      label={item.label}
      leftSection={icon}
      rightSection={
        count === undefined ? undefined : <CountBadge count={count} cap={UNREAD_COUNTER_CAP} label="unread" />
      }
      styles={{
        root: { height: LINK_HEIGHT, borderRadius: LINK_RADIUS },
        label: { fontWeight: active ? 600 : 500 },
      }}
    />
  );
}
