import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { HealthNetwork } from '@referrals/domain/portals/health-network-schemas';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { ApiError } from '@/lib/api-error';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { PagedList } from '@/ui/paged-list';
import { useHealthNetworks } from '../api/health-networks';
import { HealthNetworkDrawer } from '../components/health-network-drawer';

/**
 * /health-networks: the platform administrators' health networks (docs/portals.md, Health network
 * portals), each with its portal over the services of its establishments, and the form that keeps them.
 */
export function HealthNetworksPage() {
  const search = useListSearch();
  const list = useHealthNetworks({ page: search.page, keyword: search.searched });
  // Open with null: adding one; with a network: editing it, read again from the list as it reloads, so a
  // new logo shows at once.
  const [editing, setEditing] = useState<{ network: HealthNetwork | null } | undefined>(undefined);
  const stored = editing?.network ?? null;
  const network =
    stored === null ? null : (list.data?.results.find((entry) => entry.id === stored.id) ?? stored);

  if (list.error instanceof ApiError && list.error.status === 403) {
    return (
      <Alert color="gray" variant="light" maw={640}>
        Only platform administrators keep health networks.
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={760}>
          <Title order={1} fz="h2">
            Health networks
          </Title>
          <Text c="gray.7">
            A network’s portal lets patients and health professionals without an account choose one of its
            services and send it a referral. Its services are the establishments with its organisation code
            that publish a portal of their own.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ network: null })}>
          Add a health network
        </Button>
      </Group>
      <PagedList
        list={list}
        what="the health networks"
        countLabel={(count) => (count === 1 ? '1 health network' : `${String(count)} health networks`)}
        page={search.page}
        onPage={search.setPage}
        toolbar={
          <ListSearchInput
            label="Search health networks"
            placeholder="Name or code"
            value={search.keyword}
            onSearch={search.setKeyword}
            busy={list.isFetching}
            maw={400}
          />
        }
        empty={
          <Text c="gray.7">
            {search.searched === ''
              ? 'No health network yet.'
              : `No health network matches “${search.searched}”.`}
          </Text>
        }
      >
        {(results) => (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Network</Table.Th>
                  <Table.Th>Portal</Table.Th>
                  <Table.Th>Services</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {entry.name}
                      </Text>
                      <Text size="xs" c="gray.7">
                        Code {entry.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {entry.portal.url !== null && (
                        <Anchor href={entry.portal.url} target="_blank" rel="noopener noreferrer" size="sm">
                          /refer/{entry.slug}
                        </Anchor>
                      )}
                      {entry.host !== null && (
                        <Text size="xs" c="gray.7">
                          Also at {entry.host}/refer
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {entry.published_count} of {entry.establishment_count} publish a portal
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {entry.portal.enabled ? (
                        // Dark text: the palette's darkest green on its light green reads under AA's 4.5:1.
                        <Badge color="green" variant="light" c="dark.7">
                          Published
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light" c="gray.8">
                          Not published
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end" gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          component={Link}
                          to={paths.networkAnalytics.getHref(entry.id)}
                          aria-label={`Waiting times across ${entry.name}`}
                        >
                          Waiting times
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Edit ${entry.name}`}
                          onClick={() => setEditing({ network: entry })}
                        >
                          Edit
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
      <HealthNetworkDrawer
        opened={editing !== undefined}
        network={network}
        onClose={() => setEditing(undefined)}
      />
    </Stack>
  );
}
