import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  attachmentLimitOf,
  type Attachment,
  type AttachmentKind,
} from '@referrals/domain/referrals/forms/attachment-schemas';
import { formatDate } from '@referrals/domain/dates';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { MountWhenOpened } from '@/ui/mount-when-opened';
import {
  downloadAttachmentFile,
  useAttachments,
  useDeleteAttachment,
  useUploadAttachment,
} from '../referral-attachments';
import { DELETE_FAILURE_MESSAGE, fileRefusal, uploadFailureMessage } from '../attachment-messages';
import { saveBlob } from '@/lib/save-blob';

const DeleteAttachmentDialog = lazy(() =>
  import('./delete-attachment-dialog').then((m) => ({ default: m.DeleteAttachmentDialog })),
);

export const ATTACHMENT_KIND_TITLES: Record<AttachmentKind, string> = {
  referrer: 'Referrer attachments',
  receiver: 'Receiver attachments',
  reschedule: 'Reschedule attachments',
  supplementary: 'Supplementary attachments',
  patient: 'From the patient (access link)',
};

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * One list of a referral's attachments: download for anyone who sees it, delete where the server says
 * `access: write`, and upload when this side may change the list now (`canUpload`, the domain's rule).
 */
export function AttachmentList({
  referralId,
  kind,
  canUpload,
}: {
  referralId: string;
  kind: AttachmentKind;
  canUpload: boolean;
}) {
  const list = useAttachments(referralId, kind);
  const upload = useUploadAttachment(referralId, kind);
  const remove = useDeleteAttachment(referralId, kind);
  const [note, setNote] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const items = list.data ?? [];
  const full = items.length >= attachmentLimitOf(kind);
  const title = ATTACHMENT_KIND_TITLES[kind];

  if (!canUpload && items.length === 0) return null;

  const send = (file: File | null) => {
    setAlert(null);
    // Empty files are skipped (spec section 5 Attachments).
    if (file === null || file.size === 0) return;
    const refusal = fileRefusal(file);
    if (refusal !== null) {
      setAlert(refusal);
      return;
    }
    upload.mutate(
      { file, note: note.trim() },
      { onSuccess: () => setNote(''), onError: (error) => setAlert(uploadFailureMessage(error)) },
    );
  };

  const download = (attachment: Attachment) => {
    downloadAttachmentFile(attachment)
      .then((blob) => saveBlob(blob, attachment.original_name))
      .catch(() => setAlert(`${attachment.original_name} could not be downloaded. Please try again.`));
  };

  const confirmDelete = (attachment: Attachment) =>
    remove.mutate(attachment.id, {
      onSuccess: () => setDeleting(null),
      onError: (error) => {
        setDeleting(null);
        // 404: already gone, and the list refreshes without it; the spec still raises the alert.
        if (error instanceof ApiError) setAlert(DELETE_FAILURE_MESSAGE);
      },
    });

  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={3} fz="h5">
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {items.length} of {attachmentLimitOf(kind)}
        </Text>
      </Group>
      {items.length > 0 && (
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Tbody>
            {items.map((attachment) => (
              <Table.Tr key={attachment.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {attachment.original_name}
                  </Text>
                  {attachment.meta.note !== null && (
                    <Text size="xs" c="gray.7">
                      {attachment.meta.note}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="gray.7">
                    {sizeText(attachment.size)} · {formatDate(attachment.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td w={96}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Download ${attachment.original_name}`}
                      onClick={() => download(attachment)}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                    {attachment.access === 'write' && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${attachment.original_name}`}
                        onClick={() => setDeleting(attachment)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canUpload && !full && (
        <Group align="flex-end" gap="sm">
          <TextInput
            label={`Note for the next ${kind} attachment`}
            placeholder="Optional"
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={2000}
            style={{ flex: 1, minWidth: 200 }}
          />
          <FileButton onChange={send}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                variant="light"
              >
                Upload a file
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {canUpload && full && (
        <Text size="sm" c="gray.7">
          This list holds the most files allowed ({attachmentLimitOf(kind)}).
        </Text>
      )}
      {alert !== null && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setAlert(null)}
        >
          {alert}
        </Alert>
      )}
      <MountWhenOpened opened={deleting !== null}>
        <DeleteAttachmentDialog
          attachment={deleting}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      </MountWhenOpened>
    </Stack>
  );
}
