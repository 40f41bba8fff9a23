import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { showSaveError } from '@/lib/form-errors';

/**
 * One text of a tag or sticky note edited where it is shown: the field starts with the text and focused,
 * Save sends it, Cancel or Escape leaves it as it was. The server's message for the field shows on it.
 */
export function EditInPlaceForm({
  field,
  label,
  initial,
  maxLength,
  multiline = false,
  saving,
  save,
  onDone,
}: {
  /** The body's field, which the server's 400 names. */
  field: string;
  label: string;
  initial: string;
  maxLength: number;
  multiline?: boolean;
  saving: boolean;
  save: (text: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onDone: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(text, {
      onSuccess: onDone,
      onError: (failure) =>
        showSaveError(failure, {
          fields: [field],
          onField: (_path, message) => setError(message),
          onForm: (message) => {
            if (message !== null) setError(message);
          },
          fallback: 'The change could not be saved. Please try again.',
        }),
    });
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape here closes the editor only, not a dialog or menu around it.
    event.stopPropagation();
    onDone();
  };
  const props = {
    label,
    value: text,
    maxLength,
    error,
    autoFocus: true,
    onChange: (event: { currentTarget: { value: string } }) => {
      setText(event.currentTarget.value);
      setError(null);
    },
  };
  return (
    <Stack component="form" gap="xs" onSubmit={submit} onKeyDown={cancelOnEscape} style={{ flex: 1 }}>
      {multiline ? <Textarea {...props} rows={3} /> : <TextInput {...props} />}
      <Group gap="xs" justify="flex-end">
        <Button variant="default" size="xs" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="xs" loading={saving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
