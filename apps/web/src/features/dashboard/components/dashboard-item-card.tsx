import { Card, Group, Stack, Text } from '@mantine/core';
import type { DashboardItem } from '@referrals/domain/referrals/referral-dashboard';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** The list an item counts: its box and list type, narrowed by its condition and triage category. */
export function dashboardItemHref(item: DashboardItem): string {
  const base =
    item.box === 'inbox'
      ? paths.referrals.inbox.getHref(item.list)
      : paths.referrals.outbox.getHref(item.list);
  const query = new URLSearchParams();
  if (item.condition !== undefined) query.set('condition', item.condition);
  if (item.triage_category !== undefined) query.set('triage_category', item.triage_category);
  const search = query.toString();
  return search === '' ? base : `${base}?${search}`;
}

/** One dashboard line as a card that opens its list: the count first, large, and coloured when above zero. */
export function DashboardItemCard({ item, count }: { item: DashboardItem; count: number | undefined }) {
  const waiting = count !== undefined && count > 0;
  return (
    <Card
      component={Link}
      to={dashboardItemHref(item)}
      withBorder
      radius="md"
      padding="lg"
      aria-label={`${item.label}: ${count ?? 'loading'}`}
      styles={{ root: { textDecoration: 'none', color: 'inherit' } }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={6}>
          <Text fz={32} fw={700} lh={1} c={waiting ? 'blue.8' : 'gray.7'}>
            {count ?? '–'}
          </Text>
          <Text fw={600}>{item.label}</Text>
          <Text size="sm" c="gray.7">
            {item.hint}
          </Text>
        </Stack>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}
