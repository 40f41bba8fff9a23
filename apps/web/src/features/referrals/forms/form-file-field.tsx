import { ActionIcon, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import type { Attachment } from '@referrals/domain/referrals/forms/attachment-schemas';
import {
  maxFilesOf,
  maxSizeOf,
  type FormField,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { acceptAttribute, fileRefusal, megabytes } from '@/lib/file-checks';
import { labelOf } from './form-field-options';

type FormFileFieldProps = {
  field: FormField;
  /** The attachments already in this field. */
  files: readonly Attachment[];
  onUpload: (file: File) => Promise<void>;
  onRemove: (attachment: Attachment) => Promise<void>;
  error?: string;
};

/** A template's file field: its files, a picker limited to the field's types and count, and removal. */
export function FormFileField({ field, files, onUpload, onRemove, error }: FormFileFieldProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const label = labelOf(field);
  const full = files.length >= maxFilesOf(field);
  const addButton = useRef<HTMLButtonElement>(null);

  const pick = async (file: File | null) => {
    if (file === null) return;
    const refusal = fileRefusal(field, file, files.length);
    setProblem(refusal);
    if (refusal !== null) return;
    setBusy(true);
    try {
      await onUpload(file);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const message = problem ?? error;
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {files.map((file) => (
        <Group key={file.id} gap="xs" wrap="nowrap">
          <IconPaperclip size={16} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.original_name}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${file.original_name}`}
            // The row goes with its file: the focus goes to Add a file rather than falling to the page.
            onClick={() => void onRemove(file).then(() => addButton.current?.focus())}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="sm">
        <FileButton
          onChange={(file) => void pick(file)}
          accept={acceptAttribute(field)}
          disabled={full || busy}
        >
          {(props) => (
            // Looks disabled but keeps the focus (data-disabled, not disabled): a disabled button drops the
            // focus to the page, so a keyboard user who added a file would have to find their place again.
            <Button
              {...props}
              ref={addButton}
              variant="light"
              size="xs"
              leftSection={busy ? <Loader size={14} color="currentColor" /> : <IconUpload size={14} />}
              data-disabled={full || busy || undefined}
              aria-disabled={full || busy || undefined}
              aria-busy={busy || undefined}
              aria-label={`Add a file to ${label}`}
            >
              Add a file
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="gray.7">
          {maxFilesOf(field) === 1 ? 'One file' : `Up to ${maxFilesOf(field)} files`},{' '}
          {megabytes(maxSizeOf(field))} each at most.
        </Text>
      </Group>
      {message !== undefined && message !== null && (
        <Text size="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
