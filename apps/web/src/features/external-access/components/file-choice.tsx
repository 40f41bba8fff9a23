import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { FormField } from '@referrals/domain/referrals/forms/form-template-schemas';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { acceptAttribute, fileRefusal, megabytes } from '@/lib/file-checks';

type FileChoiceProps = {
  label: string;
  /** What the files may be, as a file field's rules: accept list, count and size (5 MB at most). */
  rules: Pick<FormField, 'accept' | 'max_files' | 'maxsize'>;
  /** What the files may be, in words. */
  hint: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * Chooses the files to send, checked before anything goes (count, size, type; the server reads the bytes
 * again). A button rather than a bare file input: it has a name, and keyboard users reach it like any other.
 */
export function FileChoice({ label, rules, hint, files, onChange, error, disabled }: FileChoiceProps) {
  const [refusals, setRefusals] = useState<string[]>([]);
  const labelId = useId();
  const hintId = useId();
  const max = rules.max_files ?? 1;

  const take = (payload: File | File[] | null) => {
    const chosen = payload === null ? [] : Array.isArray(payload) ? payload : [payload];
    const kept = [...files];
    const refused: string[] = [];
    for (const file of chosen) {
      const reason = fileRefusal(rules, file, kept.length);
      if (reason === null) kept.push(file);
      else refused.push(reason);
    }
    setRefusals(refused);
    onChange(kept);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Text id={hintId} size="xs" c="gray.7">
        {hint} {max === 1 ? 'One file' : `Up to ${max} files`}, 5 MB each at most.
      </Text>
      {files.length > 0 && (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Chosen files">
          {files.map((file, index) => (
            <Group component="li" key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
              <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
                {file.name} ({megabytes(file.size)})
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {files.length < max && (
        <FileButton onChange={take} accept={acceptAttribute(rules)} multiple={max > 1} disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              aria-label={`${max > 1 ? 'Choose files' : 'Choose a file'} for ${label}`}
            >
              {max > 1 ? 'Choose files' : 'Choose a file'}
            </Button>
          )}
        </FileButton>
      )}
      {[...refusals, ...(error === undefined ? [] : [error])].map((message) => (
        <Text key={message} size="sm" c="red.8" role="alert">
          {message}
        </Text>
      ))}
    </Stack>
  );
}
