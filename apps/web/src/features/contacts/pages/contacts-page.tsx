import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useContactList } from '../api/list-contacts';
import { contactName } from '../contact-name';
import { useDirectoryEstablishment } from '../use-directory-establishment';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { PagedList } from '@/ui/paged-list';

function ContactList({ establishmentId }: { establishmentId: string }) {
  const { keyword, setKeyword, searched, page, setPage } = useListSearch();
  const contacts = useContactList(establishmentId, { keyword: searched, page });
  return (
    <PagedList
      list={contacts}
      what="the health professionals"
      countLabel={(count) => (count === 1 ? '1 health professional' : `${count} health professionals`)}
      page={page}
      onPage={setPage}
      toolbar={
        <ListSearchInput
          label="Search health professionals"
          placeholder="Name or practice"
          busy={contacts.isFetching}
          value={keyword}
          onSearch={setKeyword}
          maw={420}
        />
      }
      empty={
        <Text c="gray.7" size="sm">
          {searched !== ''
            ? `No one matches “${searched}”.`
            : 'No health professionals yet. Add the first one to address referrals and reports to them.'}
        </Text>
      }
    >
      {(results) => (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Practice</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.contacts.detail.getHref(entry.id)} fw={600} size="sm">
                      {contactName(entry)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.practice_name ?? '—'}</Text>
                    {entry.city !== null && (
                      <Text size="xs" c="gray.7">
                        {entry.city} {entry.state}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.phone1 ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.email ?? '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </PagedList>
  );
}

/**
 * Contacts, the Other HCPs of the current establishment (spec section 2 /contacts/): its own directory's
 * role HCP entries, searched and paged.
 */
export function ContactsPage() {
  const establishment = useDirectoryEstablishment();
  if (establishment === undefined) return <Loader aria-label="Loading your profile" />;
  return (
    <Stack gap="lg" maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Other HCPs
          </Title>
          <Text c="gray.7">
            {establishment === null
              ? 'Join an establishment to keep a directory of other health professionals.'
              : `Health professionals ${establishment.name} addresses referrals and reports to.`}
          </Text>
        </Stack>
        {establishment !== null && (
          <Button
            component={Link}
            to={paths.contacts.create.getHref()}
            leftSection={<IconUserPlus size={18} />}
          >
            Add a health professional
          </Button>
        )}
      </Group>
      {/* Keyed so switching establishment starts at page 1 with an empty search. */}
      {establishment !== null && <ContactList key={establishment.id} establishmentId={establishment.id} />}
    </Stack>
  );
}
