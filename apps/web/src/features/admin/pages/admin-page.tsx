import { Alert, Button, Group, Loader, Pagination, Stack, Tabs, Text, Title } from '@mantine/core';
import { PAGE_SIZE } from '@referrals/domain/constants';
import { canAdministerEstablishment } from '@referrals/domain/people/access-rules';
import type { StaffListQuery } from '@referrals/domain/people/employment-schemas';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useProfile } from '@/lib/auth/get-profile';
import { currentEmployment } from '@/lib/profile-display';
import { paths } from '@/lib/paths';
import { useStaffList } from '../api/list-staff';
import { InviteStaffDialog } from '../components/invite-staff-dialog';
import { StaffMemberDrawer } from '../components/staff-member-drawer';
import { StaffTable } from '../components/staff-table';
import { ListSearchInput, useListSearch } from '@/ui/list-search';

type StaffList = StaffListQuery['list'];

function StaffListPanel({ establishmentId, list }: { establishmentId: string; list: StaffList }) {
  const { keyword, setKeyword, searched: debounced, page, setPage } = useListSearch();
  const staff = useStaffList(establishmentId, { list, keyword: debounced, page });
  const pages = Math.max(1, Math.ceil((staff.data?.count ?? 0) / PAGE_SIZE));
  return (
    <Stack gap="md">
      <ListSearchInput
        label="Search staff"
        placeholder="Name or email"
        busy={staff.isFetching}
        value={keyword}
        onSearch={setKeyword}
        maw={420}
      />
      {staff.isError && (
        <Alert color="red" variant="light" role="alert">
          The staff list could not be loaded. Please try again.
        </Alert>
      )}
      {staff.isPending && <Loader aria-label="Loading the staff" />}
      {staff.data !== undefined &&
        (staff.data.results.length === 0 ? (
          <Text c="gray.7" size="sm">
            {debounced.trim() !== ''
              ? `No one matches “${debounced.trim()}”.`
              : list === 'removed'
                ? 'No one has been removed from this establishment.'
                : 'No staff yet. Invite your colleagues to get started.'}
          </Text>
        ) : (
          <StaffTable
            members={staff.data.results}
            hrefOf={(member) => paths.admin.getHref('users', list, member.id)}
          />
        ))}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            {staff.data?.count} people
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}

/**
 * The admin portal at admin/users/{all|removed}/:user? (spec section 2): the staff of the current
 * establishment for its approved account holder, with invitations, approvals and the grants. Anyone else
 * is sent to the dashboard; the server refuses them the data too.
 */
export function AdminPage() {
  const { subpage, user } = useParams();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const [inviting, setInviting] = useState(false);
  if (profile === undefined) return <Loader aria-label="Loading your profile" />;
  const employment = currentEmployment(profile);
  if (employment === undefined || !canAdministerEstablishment(employment)) {
    return <Navigate to={paths.home.getHref()} replace />;
  }
  if (subpage === undefined) return <Navigate to={paths.admin.getHref('users', 'all')} replace />;
  const list: StaffList = subpage === 'removed' ? 'removed' : 'all';
  const establishment = employment.establishment;

  return (
    <Stack gap="lg" maw={1080}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Admin portal
          </Title>
          <Text c="gray.7">
            The people who work at {establishment.name} in Referrals, and what they may do.
          </Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
          Invite
        </Button>
      </Group>
      <Tabs
        value={list}
        onChange={(value) => {
          if (value !== null) void navigate(paths.admin.getHref('users', value));
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="all">All</Tabs.Tab>
          <Tabs.Tab value="removed">Removed</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={list} pt="lg">
          {/* Keyed so switching tab or establishment starts at page 1 with an empty search. */}
          <StaffListPanel
            key={`${establishment.id}-${list}`}
            establishmentId={establishment.id}
            list={list}
          />
        </Tabs.Panel>
      </Tabs>
      <StaffMemberDrawer
        establishmentId={establishment.id}
        memberId={user}
        onClose={() => void navigate(paths.admin.getHref('users', list))}
      />
      <InviteStaffDialog opened={inviting} onClose={() => setInviting(false)} establishment={establishment} />
    </Stack>
  );
}
