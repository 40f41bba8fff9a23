import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { StaffMember } from '@referrals/domain/people/employment-schemas';
import { Link } from 'react-router';
import { staffName } from './staff-member-drawer';
import { EmploymentStatusBadge } from '@/ui/employment-status-badge';

type StaffTableProps = {
  members: readonly StaffMember[];
  hrefOf: (member: StaffMember) => string;
};

function Grants({ member }: { member: StaffMember }) {
  const grants = [
    member.is_account_holder && 'Account holder',
    member.is_head_of_department && 'Head of department',
    member.has_special_access && 'Special access',
    member.has_shared_inbox_access && 'Shared inbox',
    member.has_shared_outbox_access && 'Shared outbox',
  ].filter((grant): grant is string => grant !== false);
  if (grants.length === 0)
    return (
      <Text size="xs" c="gray.7">
        None
      </Text>
    );
  return (
    <Group gap={4}>
      {grants.map((grant) => (
        <Badge key={grant} size="xs" variant="outline" color="gray" tt="none">
          {grant}
        </Badge>
      ))}
    </Group>
  );
}

/** A page of staff: name and email, role, status and the grants they hold. */
export function StaffTable({ members, hrefOf }: StaffTableProps) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>
                <Anchor component={Link} to={hrefOf(member)} fw={600} size="sm">
                  {staffName(member)}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {member.user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{member.user.role?.display ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <EmploymentStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td>
                <Grants member={member} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
