import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { UNREAD_COUNTER_CAP } from '@referrals/domain/constants';
import { capCount } from '@referrals/domain/counters';
import type { EstablishmentUnreadStats } from '@referrals/domain/referrals/referral-list-schemas';
import type { Employment } from '@referrals/domain/profile/profile-schemas';
import { IconCheck } from '@tabler/icons-react';

/** One establishment's unread inbox referrals by counter (section 7 Stats: receiver_unread). */
export type EntryUnread = EstablishmentUnreadStats[number]['receiver_unread'];

const COUNTERS = [
  { key: 'submitted', label: 'New', color: 'blue' },
  { key: 'viewed', label: 'Under Review', color: 'orange' },
  { key: 'accepted', label: 'Accepted', color: 'green' },
] as const;

/** Unread inbox referrals New, Under Review and Accepted, each capped at 999+ (spec sections 2 and 9). */
export function EntryCounters({ counters }: { counters: EntryUnread }) {
  return (
    <Group gap={6} wrap="nowrap">
      {COUNTERS.map(({ key, label, color }) => {
        const value = counters[key];
        return (
          <Badge
            key={key}
            size="xs"
            radius="sm"
            variant="light"
            color={value > 0 ? color : 'gray'}
            tt="none"
            fw={600}
            styles={{ root: { paddingInline: 6 } }}
          >
            {label} {capCount(value, UNREAD_COUNTER_CAP)}
          </Badge>
        );
      })}
    </Group>
  );
}

type SelectorEntryProps = {
  employment: Employment;
  current: boolean;
  counters: EntryUnread | undefined;
  /** Why the entry cannot be chosen, shown beside its name; undefined when it can. */
  unavailable: string | undefined;
  onChoose: (employment: Employment) => void;
};

/** One establishment in the selector: its name, its counters, and a tick when it is the current one. */
export function SelectorEntry({ employment, current, counters, unavailable, onChoose }: SelectorEntryProps) {
  return (
    <Menu.Item
      disabled={unavailable !== undefined}
      onClick={() => onChoose(employment)}
      aria-current={current ? 'true' : undefined}
      leftSection={
        <IconCheck
          size={16}
          stroke={2.2}
          style={{ visibility: current ? 'visible' : 'hidden' }}
          aria-hidden
        />
      }
      py={8}
    >
      <Stack gap={5}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" fw={current ? 700 : 600} lineClamp={2}>
            {employment.establishment.name}
          </Text>
          {unavailable !== undefined && (
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {unavailable}
            </Badge>
          )}
        </Group>
        {counters !== undefined && <EntryCounters counters={counters} />}
      </Stack>
    </Menu.Item>
  );
}
