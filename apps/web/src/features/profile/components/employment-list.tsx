import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { EMPLOYMENT_PRIORITIES } from '@referrals/domain/people/people-codes';
import { canAccessEstablishment } from '@referrals/domain/profile/profile-save-rules';
import type { Profile } from '@referrals/domain/profile/profile-schemas';
import { IconInfoCircle } from '@tabler/icons-react';
import { currentEmployment } from '@/lib/profile-display';
import { useSetEstablishment } from '../api/set-establishment';

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  APPROVED: 'green',
  UNVERIFIED: 'yellow',
  REQUESTED: 'blue',
  INVITED: 'blue',
};

/** The user's employments with status and priority, and 'Make current' (spec sections 3 and 4 Employment). */
export function EmploymentList({ profile }: { profile: Profile }) {
  const setEstablishment = useSetEstablishment();
  const current = currentEmployment(profile);
  const employments = [...profile.employments].sort((a, b) => a.priority - b.priority);
  return (
    <Stack gap="md">
      {employments.length === 0 ? (
        <Text c="gray.7">You are not linked to any establishment yet.</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Establishment</Table.Th>
                <Table.Th>Priority</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={150}>
                  <span className="sr-only" style={{ position: 'absolute', left: -10000 }}>
                    Current
                  </span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {employments.map((employment) => {
                const isCurrent = current?.id === employment.id;
                const allowed = canAccessEstablishment(profile.role, employment);
                return (
                  <Table.Tr key={employment.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {employment.establishment.name}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {employment.establishment.type.display} · {employment.establishment.state}
                        {employment.is_account_holder && ' · Account holder'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{EMPLOYMENT_PRIORITIES[employment.priority]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOURS[employment.status.value] ?? 'gray'}>
                        {employment.status.display}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        {isCurrent ? (
                          <Badge variant="filled">Current</Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!allowed}
                            title={allowed ? undefined : 'Available once your employment is approved.'}
                            loading={
                              setEstablishment.isPending &&
                              setEstablishment.variables === employment.establishment.id
                            }
                            onClick={() => setEstablishment.mutate(employment.establishment.id)}
                            aria-label={`Make ${employment.establishment.name} current`}
                          >
                            Make current
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
        Joining another establishment, or leaving one, comes in a later release. Until then, contact support.
      </Alert>
    </Stack>
  );
}
