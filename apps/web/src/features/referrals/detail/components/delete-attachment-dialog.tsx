import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Attachment } from '@referrals/domain/referrals/forms/attachment-schemas';

/** Confirms deleting one attachment; a deleted file cannot be brought back. */
export function DeleteAttachmentDialog({
  attachment,
  pending,
  onConfirm,
  onClose,
}: {
  attachment: Attachment | null;
  pending: boolean;
  onConfirm: (attachment: Attachment) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={attachment !== null} onClose={onClose} title="Delete this attachment?" centered>
      <Stack gap="lg">
        <Text size="sm">{attachment?.original_name} will be removed from the referral for both sides.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={pending}
            onClick={() => attachment !== null && onConfirm(attachment)}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
