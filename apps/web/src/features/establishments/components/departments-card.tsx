import { Anchor, Button, Table, Text } from '@mantine/core';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { ApprovalBadges } from '@/ui/approval-badges';
import { SectionCard } from '@/ui/section-card';
import { CreateEstablishmentDialog } from './create-establishment-dialog';

/** A hospital's departments (spec section 3 Establishment), each managed on its own page, and adding one. */
export function DepartmentsCard({ hospital }: { hospital: Establishment }) {
  const [adding, setAdding] = useState(false);
  return (
    <SectionCard
      title="Departments"
      description="Staff join a department once it is verified and accepts join requests."
      aside={
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
          Add a department
        </Button>
      }
    >
      {hospital.departments.length === 0 ? (
        <Text size="sm" c="gray.7">
          No departments yet.
        </Text>
      ) : (
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Department</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Join requests</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hospital.departments.map((department) => (
              <Table.Tr key={department.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.settings.establishment.getHref(department.id)} fw={600}>
                    {department.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <ApprovalBadges isApproved={department.is_approved} isVerified={department.is_verified} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{department.accepts_join_requests ? 'Accepted' : 'Not accepted'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CreateEstablishmentDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={() => setAdding(false)}
        hospital={{ id: hospital.id, name: hospital.name }}
      />
    </SectionCard>
  );
}
