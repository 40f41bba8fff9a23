import {
  ActionIcon,
  Box,
  Button,
  FileButton,
  Group,
  Loader,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ExternalDraftAttachment } from '@referrals/domain/portals/external-referral-schemas';
import {
  maxFilesOf,
  maxSizeOf,
  type FormField,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { IconAlertCircle, IconCircleCheck, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { acceptAttribute, fileRefusal, megabytes } from '@/lib/file-checks';
import { uploadFailureMessage } from '@/lib/upload-failure';

/** A file chosen on this page that is not (yet) one of the draft's: being sent, or refused with why. */
type Pending =
  | { key: number; name: string; state: 'uploading' }
  | { key: number; name: string; state: 'refused'; reason: string };

type PortalFilesProps = {
  /** The file field's rules: its name, label, max_files, maxsize and accept (section 3 Form template). */
  field: Pick<FormField, 'name' | 'title' | 'max_files' | 'maxsize' | 'accept'>;
  /** The draft's files in this field. */
  files: readonly ExternalDraftAttachment[];
  upload: (file: File) => Promise<ExternalDraftAttachment>;
  remove: (file: ExternalDraftAttachment) => Promise<void>;
  /** What the field takes, in words, under the drop area. */
  hint?: string;
  /** The server's message on this field (a 400 on save). */
  error?: string;
};

let nextKey = 0;

/** A file's size as people read it: a letter is "48 KB", a scan "1.2 MB". */
const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : megabytes(bytes);

/**
 * A portal file field: dropped or chosen files are checked against the field's count, size and types
 * before anything is sent, then uploaded one by one to the draft; each file shows how it went, the
 * server's refusal included. Keyboard users choose files with the button; the drop area is a shortcut.
 */
export function PortalFiles({ field, files, upload, remove, hint, error }: PortalFilesProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const chooseButton = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const label = field.title ?? field.name;
  const uploading = pending.filter((item) => item.state === 'uploading').length;
  const max = maxFilesOf(field);
  const full = files.length + uploading >= max;

  const settle = (key: number, next: Pending | null) =>
    setPending((all) =>
      next === null
        ? all.filter((item) => item.key !== key)
        : all.map((item) => (item.key === key ? next : item)),
    );

  const take = async (chosen: readonly File[]) => {
    // Counted as they are taken, so five files dropped on a field of two take two and refuse three.
    let count = files.length + uploading;
    const accepted: { key: number; file: File }[] = [];
    const refused: Pending[] = [];
    for (const file of chosen) {
      const key = nextKey++;
      const reason = fileRefusal(field, file, count);
      if (reason === null) {
        accepted.push({ key, file });
        count += 1;
      } else refused.push({ key, name: file.name, state: 'refused', reason });
    }
    setPending((all) => [
      ...all.filter((item) => item.state === 'uploading'),
      ...refused,
      ...accepted.map(({ key, file }) => ({ key, name: file.name, state: 'uploading' as const })),
    ]);
    if (refused.length > 0)
      setAnnouncement(refused.map((item) => item.state === 'refused' && item.reason).join(' '));
    for (const { key, file } of accepted) {
      try {
        await upload(file);
        settle(key, null);
        setAnnouncement(`${file.name} attached.`);
      } catch (failure) {
        const reason = uploadFailureMessage(failure);
        settle(key, { key, name: file.name, state: 'refused', reason });
        setAnnouncement(`${file.name}: ${reason}`);
      }
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        p="md"
        style={{
          border: `2px dashed var(${dragging ? '--mantine-primary-color-filled' : '--mantine-color-gray-5'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: dragging ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-0)',
        }}
      >
        <Stack gap={6} align="center" ta="center">
          <Group gap="xs" justify="center">
            <IconUpload size={20} aria-hidden />
            <Text size="sm">Drag files here, or</Text>
            <FileButton onChange={(chosen) => void take(chosen)} accept={acceptAttribute(field)} multiple>
              {(props) => (
                // Looks disabled but keeps the focus once the field is full (see the wizard's file field).
                <Button
                  {...props}
                  ref={chooseButton}
                  variant="light"
                  size="xs"
                  data-disabled={full || undefined}
                  aria-disabled={full || undefined}
                  onClick={full ? undefined : props.onClick}
                  aria-label={`Choose files for ${label}`}
                >
                  Choose files
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="xs" c="gray.7">
            {max === 1 ? 'One file' : `Up to ${max} files`}, {megabytes(maxSizeOf(field))} each at most.
            {hint === undefined ? '' : ` ${hint}`}
          </Text>
        </Stack>
      </Box>
      {(files.length > 0 || pending.length > 0) && (
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Files for ${label}`}
        >
          {files.map((file) => (
            <Group component="li" key={file.id} gap="xs" wrap="nowrap">
              <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} flex={1}>
                {file.original_name}{' '}
                <Text span size="xs" c="gray.7">
                  ({sizeOf(file.size)}, attached)
                </Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${file.original_name}`}
                onClick={() =>
                  void remove(file).then(() => {
                    setAnnouncement(`${file.original_name} removed.`);
                    chooseButton.current?.focus();
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {pending.map((item) => (
            <Group component="li" key={item.key} gap="xs" wrap="nowrap" align="flex-start">
              {item.state === 'uploading' ? (
                <Loader size={16} mt={2} aria-hidden />
              ) : (
                <IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-hidden />
              )}
              <Stack gap={0} flex={1}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Text>
                <Text size="xs" c={item.state === 'uploading' ? 'gray.7' : 'red.8'}>
                  {item.state === 'uploading' ? 'Uploading…' : item.reason}
                </Text>
              </Stack>
              {item.state === 'refused' && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Dismiss the message about ${item.name}`}
                  onClick={() => {
                    settle(item.key, null);
                    chooseButton.current?.focus();
                  }}
                >
                  <IconX size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {error !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {/* Read out, not shown: the rows above show each file's outcome. */}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
