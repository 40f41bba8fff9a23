import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@/lib/api-error';
import { useReferralAction, type PageAction } from '../referral-actions';

export type ConfirmReferralActionProps = {
  referralId: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * Asks before an action that cannot simply be taken back, then runs it: the words are the action's, the
 * toasts the same for every one.
 */
export function ConfirmReferralActionDialog({
  referralId,
  opened,
  onClose,
  action: name,
  title,
  text,
  confirmLabel,
  confirmColor,
  done,
  failed,
}: ConfirmReferralActionProps & {
  action: PageAction;
  title: string;
  text: string;
  confirmLabel: string;
  confirmColor?: string;
  /** The toast after it is done: its title and an optional next step. */
  done: { title: string; message?: string };
  /** The toast's title when it fails; the server's detail is its message. */
  failed: string;
}) {
  const action = useReferralAction(referralId);
  const confirm = () =>
    action.mutate(name, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: done.title, message: done.message ?? '' });
        onClose();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: failed,
          message:
            error instanceof ApiError && error.detail !== undefined ? error.detail : 'Please try again.',
        }),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={action.isPending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
