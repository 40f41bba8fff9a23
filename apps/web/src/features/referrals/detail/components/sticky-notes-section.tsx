import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import { STICKY_NOTE_MAX_LENGTH } from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { showSaveError } from '@/lib/form-errors';
import { SectionCard } from '@/ui/section-card';
import { useAddStickyNote, useDeleteStickyNote, useEditStickyNote } from '../referral-annotations';
import { EditInPlaceForm } from './edit-in-place-form';

/** Your establishment's sticky notes on the referral, newest last; the other side never sees them. */
export function StickyNotesSection({ referral }: { referral: Referral }) {
  const add = useAddStickyNote(referral.id);
  const edit = useEditStickyNote(referral.id);
  const remove = useDeleteStickyNote(referral.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // The note whose Edit button takes the focus back when its editor closes.
  const refocus = useRef<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { body },
      {
        onSuccess: () => setBody(''),
        onError: (failure) =>
          showSaveError(failure, {
            fields: ['body'],
            onField: (_path, message) => setError(message),
            onForm: (message) => {
              if (message !== null) setError(message);
            },
            fallback: 'The note could not be saved. Please try again.',
          }),
      },
    );
  };
  return (
    <SectionCard title="Sticky notes" description="Only your establishment sees its notes.">
      {referral.sticky_notes.length === 0 ? (
        <Text c="gray.7">No notes yet.</Text>
      ) : (
        <Stack gap="xs">
          {referral.sticky_notes.map((note) => (
            <Paper key={note.id} bg="yellow.0" p="sm" radius="md" withBorder>
              {editing === note.id ? (
                <EditInPlaceForm
                  field="body"
                  label="Edit note"
                  initial={note.body}
                  maxLength={STICKY_NOTE_MAX_LENGTH}
                  multiline
                  saving={edit.isPending}
                  save={(text, callbacks) => edit.mutate({ noteId: note.id, body: text }, callbacks)}
                  onDone={() => {
                    refocus.current = note.id;
                    setEditing(null);
                  }}
                />
              ) : (
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {note.body}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {note.author?.name ?? 'Unknown'} · {formatDateTime(note.updated_at)}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      ref={(button) => {
                        if (button !== null && refocus.current === note.id) {
                          refocus.current = null;
                          button.focus();
                        }
                      }}
                      variant="subtle"
                      aria-label="Edit this note"
                      onClick={() => setEditing(note.id)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Delete this note"
                      onClick={() => remove.mutate(note.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <Stack component="form" onSubmit={submit} gap="xs">
        <Textarea
          label="New note"
          rows={3}
          maxLength={STICKY_NOTE_MAX_LENGTH}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={add.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
