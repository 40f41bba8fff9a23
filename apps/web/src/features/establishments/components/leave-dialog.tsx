import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { Employment } from '@referrals/domain/profile/profile-schemas';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-error';
import { useLeaveEstablishment } from '../api/leave-establishment';

type LeaveDialogProps = {
  employment: Employment | null;
  onClose: () => void;
  onLeft: (employment: Employment) => void;
};

function leaveFailure(error: unknown): string {
  if (error instanceof ApiError && error.detail !== undefined) return error.detail;
  return 'You could not leave this establishment. Please try again.';
}

/** Confirms leaving an establishment; a request not yet answered is withdrawn the same way. */
export function LeaveDialog({ employment, onClose, onLeft }: LeaveDialogProps) {
  const leave = useLeaveEstablishment();
  const name = employment?.establishment.name ?? '';
  const requested = employment?.status.value === 'REQUESTED';
  const close = () => {
    leave.reset();
    onClose();
  };
  const confirm = () => {
    if (employment === null) return;
    leave.mutate(employment, {
      onSuccess: () => {
        onLeft(employment);
        close();
      },
    });
  };
  return (
    <Modal
      opened={employment !== null}
      onClose={close}
      title={requested ? `Withdraw your request to join ${name}?` : `Leave ${name}?`}
      centered
      size="md"
    >
      <Text size="sm" c="gray.7" lh={1.6}>
        {requested
          ? 'Its account holder will no longer see your request. You can ask to join again later.'
          : `You will no longer see ${name}'s referrals, patients or reports. To come back, ask to join again and wait for its account holder to approve you.`}
      </Text>
      {leave.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mt="md" role="alert">
          {leaveFailure(leave.error)}
        </Alert>
      )}
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={close} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={leave.isPending}>
          {requested ? 'Withdraw request' : 'Leave'}
        </Button>
      </Group>
    </Modal>
  );
}
