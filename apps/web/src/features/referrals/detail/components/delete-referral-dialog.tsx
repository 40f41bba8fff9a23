import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { ApiError } from '@/lib/api-error';
import { useReferralAction } from '../referral-actions';

/**
 * Confirms moving the referral to this side's Deleted Items (referral-lifecycle.md delete: per side; the
 * other side keeps it). A draft already there is deleted for good, which the text says.
 */
export function DeleteReferralDialog({
  referral,
  opened,
  onClose,
}: {
  referral: Referral;
  opened: boolean;
  onClose: () => void;
}) {
  const action = useReferralAction(referral.id);
  const forGood = referral.is_deleted;
  const confirm = () =>
    action.mutate('delete', {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Referral deleted', message: '' });
        onClose();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'The referral could not be deleted',
          message:
            error instanceof ApiError && error.detail !== undefined ? error.detail : 'Please try again.',
        }),
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Delete this referral?" centered>
      <Stack gap="lg">
        <Text size="sm">
          {forGood
            ? 'This draft is already in Deleted Items. Deleting it again removes it for good.'
            : 'It moves to your Deleted Items, where you can restore it. The other side keeps its copy.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" loading={action.isPending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
