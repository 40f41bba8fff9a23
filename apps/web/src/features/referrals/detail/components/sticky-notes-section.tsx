import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { formatDateTime } from '@referrals/domain/dates';
import { STICKY_NOTE_MAX_LENGTH } from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { SectionCard } from '@/ui/section-card';
import { useAddStickyNote, useDeleteStickyNote } from '../referral-annotations';

function firstMessage(error: unknown): string {
  const fields = error instanceof ApiError ? error.fieldErrors : undefined;
  const body = fields?.body;
  return Array.isArray(body) && typeof body[0] === 'string'
    ? body[0]
    : 'The note could not be saved. Please try again.';
}

/** Your establishment's sticky notes on the referral, newest last; the other side never sees them. */
export function StickyNotesSection({ referral }: { referral: Referral }) {
  const add = useAddStickyNote(referral.id);
  const remove = useDeleteStickyNote(referral.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { body },
      { onSuccess: () => setBody(''), onError: (failure) => setError(firstMessage(failure)) },
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
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {note.body}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {note.author?.name ?? 'Unknown'} · {formatDateTime(note.updated_at)}
                  </Text>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Delete this note"
                  onClick={() => remove.mutate(note.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
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
