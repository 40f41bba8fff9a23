import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { statusAfter } from '@referrals/domain/people/employment-rules';
import { canAccessEstablishment } from '@referrals/domain/profile/profile-save-rules';
import type { Employment, Profile } from '@referrals/domain/profile/profile-schemas';
import { PRACTICE_NOT_SELECTED_MESSAGE } from '@referrals/domain/profile/profile-save-rules';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { EmploymentStatusBadge } from '@/ui/employment-status-badge';

export type EmploymentSlot = { label: string; employments: readonly Employment[]; required: boolean };

type EmploymentTableProps = {
  profile: Profile;
  slots: readonly EmploymentSlot[];
  currentId: string | undefined;
  /** The establishment being switched to or made primary, to show its button busy. */
  busyId: string | null;
  onMakeCurrent: (employment: Employment) => void;
  onMakePrimary: (employment: Employment) => void;
  onLeave: (employment: Employment) => void;
};

/** The personal space cannot be left, and an invitation is answered on its own page, not here. */
function canLeave(employment: Employment): boolean {
  return employment.priority !== 3 && statusAfter('leave', employment.status) !== null;
}

function EmploymentRow({
  label,
  employment,
  props,
}: {
  label: string;
  employment: Employment;
  props: EmploymentTableProps;
}) {
  const { profile, currentId, busyId, onMakeCurrent, onMakePrimary, onLeave } = props;
  const name = employment.establishment.name;
  const isCurrent = employment.id === currentId;
  const accessible = canAccessEstablishment(profile.role, employment);
  const busy = busyId === employment.id;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" c="gray.7" fw={600}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          <Text fw={600} size="sm">
            {name}
          </Text>
          {isCurrent && (
            <Badge size="sm" variant="filled">
              Current
            </Badge>
          )}
        </Group>
        <Text size="xs" c="gray.7">
          {employment.establishment.type.display} · {employment.establishment.state}
          {employment.is_account_holder && ' · Account holder'}
        </Text>
      </Table.Td>
      <Table.Td>
        <EmploymentStatusBadge status={employment.status} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {employment.is_account_holder && employment.status.value === 'APPROVED' && (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={paths.settings.establishment.getHref(employment.establishment.id)}
              aria-label={`Manage ${name}`}
            >
              Manage
            </Button>
          )}
          {!isCurrent && accessible && (
            <Button
              size="xs"
              variant="default"
              onClick={() => onMakeCurrent(employment)}
              aria-label={`Make ${name} current`}
            >
              Make current
            </Button>
          )}
          {employment.priority === 2 && (
            <Button
              size="xs"
              variant="default"
              loading={busy}
              onClick={() => onMakePrimary(employment)}
              aria-label={`Make ${name} primary`}
            >
              Make primary
            </Button>
          )}
          {canLeave(employment) && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => onLeave(employment)}
              aria-label={`${employment.status.value === 'REQUESTED' ? 'Withdraw request to join' : 'Leave'} ${name}`}
            >
              {employment.status.value === 'REQUESTED' ? 'Withdraw' : 'Leave'}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The user's active establishments by group (spec sections 2 and 4 Employment), with status badges and
 * the actions each allows; an empty principal or secondary place reads 'Not selected' (section 8).
 */
export function EmploymentTable(props: EmploymentTableProps) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>Group</Table.Th>
            <Table.Th>Establishment</Table.Th>
            <Table.Th w={120}>Status</Table.Th>
            <Table.Th>
              <span style={{ position: 'absolute', left: -10000 }}>Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.slots.map((slot) =>
            slot.employments.length === 0
              ? slot.required && (
                  <Table.Tr key={slot.label}>
                    <Table.Td>
                      <Text size="sm" c="gray.7" fw={600}>
                        {slot.label}
                      </Text>
                    </Table.Td>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="gray.7" fs="italic">
                        {PRACTICE_NOT_SELECTED_MESSAGE}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )
              : slot.employments.map((employment) => (
                  <EmploymentRow
                    key={employment.id}
                    label={slot.label}
                    employment={employment}
                    props={props}
                  />
                )),
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
