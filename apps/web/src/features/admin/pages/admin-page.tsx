import { Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
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
import { PagedList } from '@/ui/paged-list';

type StaffList = StaffListQuery['list'];

function StaffListPanel({ establishmentId, list }: { establishmentId: string; list: StaffList }) {
  const { keyword, setKeyword, searched, page, setPage } = useListSearch();
  const staff = useStaffList(establishmentId, { list, keyword: searched, page });
  return (
    <PagedList
      list={staff}
      what="the staff list"
      countLabel={(count) => (count === 1 ? '1 person' : `${count} people`)}
      page={page}
      onPage={setPage}
      toolbar={
        <ListSearchInput
          label="Search staff"
          placeholder="Name or email"
          busy={staff.isFetching}
          value={keyword}
          onSearch={setKeyword}
          maw={420}
        />
      }
      empty={
        <Text c="gray.7" size="sm">
          {searched !== ''
            ? `No one matches “${searched}”.`
            : list === 'removed'
              ? 'No one has been removed from this establishment.'
              : 'No staff yet. Invite your colleagues to get started.'}
        </Text>
      }
    >
      {(results) => (
        <StaffTable members={results} hrefOf={(member) => paths.admin.getHref('users', list, member.id)} />
      )}
    </PagedList>
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
