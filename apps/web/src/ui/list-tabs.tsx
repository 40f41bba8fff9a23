import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A list's tabs as links to their routes, in pills: the current one filled and marked as the page, so
 * reload, back and a shared address keep the tab.
 */
export function ListTabs({
  label,
  tabs,
}: {
  /** The navigation's name, e.g. "Inbox lists". */
  label: string;
  tabs: readonly { key: string; label: string; href: string; current: boolean }[];
}) {
  return (
    <Group component="nav" aria-label={label} gap={6}>
      {tabs.map((tab) => (
        <Button
          key={tab.key}
          component={Link}
          to={tab.href}
          size="compact-sm"
          radius="xl"
          variant={tab.current ? 'filled' : 'default'}
          aria-current={tab.current ? 'page' : undefined}
        >
          {tab.label}
        </Button>
      ))}
    </Group>
  );
}
