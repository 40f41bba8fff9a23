import { Badge, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { PROVIDER_LIST_ROLES, type ProviderListQuery } from '@referrals/domain/directory/doctor-schemas';
import { roles } from '@referrals/domain/people/people-codes';
import { personName } from '@referrals/domain/people/person-name';
import { useState } from 'react';
import { useProviderList } from '../api/list-providers';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { PagedList } from '@/ui/paged-list';

const roleOptions = PROVIDER_LIST_ROLES.map((code) => ({ value: code, label: roles.display(code) }));

/**
 * Providers (spec section 2 /providers): the health professionals who use Referrals, found by name and
 * role, with the establishments where they practise.
 */
export function ProvidersPage() {
  const { keyword, setKeyword, searched, page, setPage } = useListSearch();
  const [role, setRole] = useState<ProviderListQuery['role']>(undefined);
  const providers = useProviderList({ keyword: searched, page, role });

  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Providers
        </Title>
        <Text c="gray.7">Health professionals who use Referrals, and where they practise.</Text>
      </Stack>
      <PagedList
        list={providers}
        what="the providers"
        countLabel={(count) => (count === 1 ? '1 provider' : `${count} providers`)}
        page={page}
        onPage={setPage}
        toolbar={
          <Group align="flex-end" gap="md">
            <ListSearchInput
              label="Search providers"
              placeholder="First or last name"
              busy={providers.isFetching}
              value={keyword}
              onSearch={setKeyword}
              w={360}
            />
            <Select
              label="Role"
              placeholder="All roles"
              data={roleOptions}
              value={role ?? null}
              onChange={(value) => {
                setRole(value ?? undefined);
                setPage(1);
              }}
              clearable
              w={260}
            />
          </Group>
        }
        empty={
          <Text c="gray.7" size="sm">
            {searched !== '' ? `No provider matches “${searched}”.` : 'No providers to show.'}
          </Text>
        }
      >
        {(results) => (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Specialties</Table.Th>
                  <Table.Th>Practises at</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((provider) => (
                  <Table.Tr key={provider.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {personName(provider)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{provider.role.display}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {provider.specialties.length === 0 ? (
                          <Text size="sm" c="gray.7">
                            —
                          </Text>
                        ) : (
                          provider.specialties.map((specialty) => (
                            <Badge key={specialty.value} size="sm" variant="light" tt="none">
                              {specialty.display}
                            </Badge>
                          ))
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{provider.establishments.map((place) => place.name).join(', ')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </PagedList>
    </Stack>
  );
}
