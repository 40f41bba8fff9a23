import { Group, Indicator, NavLink } from '@mantine/core';
import { UNREAD_COUNTER_CAP } from '@referrals/domain/constants';
import { capCount } from '@referrals/domain/counters';
import { Link } from 'react-router';
import { CountBadge } from '@/ui/count-badge';
import { DeferredTooltip } from '@/ui/deferred-tooltip';
import { NAV_ICONS } from './nav-icons';
import type { NavItem } from './nav-items';
import type { NavCount } from './use-nav-counts';

const LINK_HEIGHT = 36;
const LINK_RADIUS = 'var(--mantine-radius-md)';

type SideNavLinkProps = {
  item: NavItem;
  /** The group's name, so that collapsed links and tooltips say "Inbox: Referrals", not just "Referrals". */
  groupLabel: string;
  active: boolean;
  collapsed: boolean;
  count: NavCount | undefined;
  onNavigate: () => void;
};

/** The unread badge when there is something unread, and the total beside it when it is asked for. */
function CountBadges({ count }: { count: NavCount }) {
  if (count.unread === 0 && count.total === undefined) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {count.unread > 0 && <CountBadge count={count.unread} cap={UNREAD_COUNTER_CAP} label="unread" />}
      {count.total !== undefined && (
        <CountBadge
          count={count.total}
          cap={UNREAD_COUNTER_CAP}
          label="in total"
          variant="light"
          color="gray"
        />
      )}
    </Group>
  );
}

/** One side navigation link: label and unread badge when expanded, icon with tooltip when collapsed. */
export function SideNavLink({ item, groupLabel, active, collapsed, count, onNavigate }: SideNavLinkProps) {
  const ItemIcon = NAV_ICONS[item.id];
  const fullLabel = groupLabel === '' ? item.label : `${groupLabel}: ${item.label}`;
  const unread = count?.unread ?? 0;
  const icon = <ItemIcon size={20} stroke={1.7} />;

  if (collapsed) {
    return (
      <DeferredTooltip label={fullLabel} position="right" withArrow openDelay={200}>
        <NavLink
          component={Link}
          to={item.href}
          onClick={onNavigate}
          active={active}
          aria-current={active ? 'page' : undefined}
          aria-label={
            unread === 0 ? fullLabel : `${fullLabel}, ${capCount(unread, UNREAD_COUNTER_CAP)} unread`
          }
          leftSection={
            unread === 0 ? (
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
      </DeferredTooltip>
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
      rightSection={count === undefined ? undefined : <CountBadges count={count} />}
      styles={{
        root: { height: LINK_HEIGHT, borderRadius: LINK_RADIUS },
        label: { fontWeight: active ? 600 : 500 },
      }}
    />
  );
}
