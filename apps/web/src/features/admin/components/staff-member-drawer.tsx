import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { statusAfter, type EmploymentAction } from '@referrals/domain/people/employment-rules';
import type { StaffMember, StaffUpdate } from '@referrals/domain/people/employment-schemas';
import { personName } from '@referrals/domain/people/person-name';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { useStaffMember } from '../api/get-staff-member';
import { useUpdateStaffMember } from '../api/update-staff-member';
import { StaffAccessForm, saveFailure } from './staff-access-form';
import { EmploymentStatusBadge } from '@/ui/employment-status-badge';

export function staffName(member: Pick<StaffMember, 'user'>): string {
  return personName(member.user);
}

const DONE: Record<'approve' | 'reject' | 'revoke', string> = {
  approve: 'approved',
  reject: 'rejected',
  revoke: 'revoked',
};

function StatusActions({
  member,
  saving,
  save,
}: {
  member: StaffMember;
  saving: boolean;
  save: (update: StaffUpdate) => Promise<StaffMember>;
}) {
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const can = (action: EmploymentAction) => statusAfter(action, member.status) !== null;
  const name = staffName(member);
  const act = async (action: 'approve' | 'reject' | 'revoke') => {
    try {
      await save({ action });
      notifications.show({ color: 'green', title: 'Saved', message: `${name} was ${DONE[action]}.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not saved', message: saveFailure(error) });
    } finally {
      setConfirmRevoke(false);
    }
  };
  // The account holder administers the place; removing themselves would lock everyone out of it.
  if (member.is_account_holder || (!can('approve') && !can('reject') && !can('revoke'))) return null;
  return (
    <>
      <Group gap="sm">
        {can('approve') && (
          <Button size="sm" onClick={() => void act('approve')} loading={saving}>
            Approve
          </Button>
        )}
        {can('reject') && (
          <Button
            size="sm"
            variant="default"
            color="red"
            onClick={() => void act('reject')}
            disabled={saving}
          >
            Reject
          </Button>
        )}
        {can('revoke') && (
          <Button
            size="sm"
            variant="light"
            color="red"
            onClick={() => setConfirmRevoke(true)}
            disabled={saving}
          >
            Revoke
          </Button>
        )}
      </Group>
      <Modal
        opened={confirmRevoke}
        onClose={() => setConfirmRevoke(false)}
        title={`Revoke ${name}?`}
        centered
        size="md"
      >
        <Text size="sm" c="gray.7" lh={1.6}>
          {member.status.value === 'INVITED'
            ? `The invitation to ${member.user.email} stops working at once.`
            : `${name} will no longer see this establishment's referrals, patients or reports. They move to Removed.`}
        </Text>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={() => setConfirmRevoke(false)} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void act('revoke')} loading={saving}>
            Revoke
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function MemberDetails({ establishmentId, member }: { establishmentId: string; member: StaffMember }) {
  const update = useUpdateStaffMember(establishmentId, member.id);
  const save = (change: StaffUpdate) => update.mutateAsync(change);
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={2} fz="h3">
            {staffName(member)}
          </Title>
          <EmploymentStatusBadge status={member.status} />
          {member.is_account_holder && (
            <Badge variant="outline" color="gray">
              Account holder
            </Badge>
          )}
        </Group>
        <Text size="sm" c="gray.7">
          {member.user.email}
          {member.user.role !== null && ` · ${member.user.role.display}`}
        </Text>
      </Stack>
      <StatusActions member={member} saving={update.isPending} save={save} />
      <Divider />
      <StaffAccessForm member={member} saving={update.isPending} save={save} />
    </Stack>
  );
}

type StaffMemberDrawerProps = { establishmentId: string; memberId: string | undefined; onClose: () => void };

/** One member of the staff, at /admin/users/{all|removed}/:user (spec section 2 admin portal). */
export function StaffMemberDrawer({ establishmentId, memberId, onClose }: StaffMemberDrawerProps) {
  return (
    <Drawer
      opened={memberId !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      title="Staff member"
      styles={{ title: { fontWeight: 650 } }}
    >
      {memberId !== undefined && <MemberPanel establishmentId={establishmentId} memberId={memberId} />}
    </Drawer>
  );
}

function MemberPanel({ establishmentId, memberId }: { establishmentId: string; memberId: string }) {
  const member = useStaffMember(establishmentId, memberId);
  if (member.isPending) return <Loader aria-label="Loading the staff member" />;
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <Alert color={missing ? 'gray' : 'red'} variant="light" title={missing ? 'Not found' : 'Not loaded'}>
        {missing
          ? 'This person is not on the staff of your current establishment.'
          : 'The staff member could not be loaded. Please try again.'}
      </Alert>
    );
  }
  return <MemberDetails establishmentId={establishmentId} member={member.data} />;
}
