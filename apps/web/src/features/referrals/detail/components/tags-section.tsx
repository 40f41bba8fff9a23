import { ActionIcon, Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { REFERRAL_TAG_MAX_LENGTH } from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { showSaveError } from '@/lib/form-errors';
import { SectionCard } from '@/ui/section-card';
import { useAddTag, useRemoveTag, useRenameTag } from '../referral-annotations';
import { EditInPlaceForm } from './edit-in-place-form';

/** Your establishment's tags on the referral; the other side never sees them. */
export function TagsSection({ referral }: { referral: Referral }) {
  const add = useAddTag(referral.id);
  const rename = useRenameTag(referral.id);
  const remove = useRemoveTag(referral.id);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // The tag whose Rename button takes the focus back when its editor closes.
  const refocus = useRef<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { label },
      {
        onSuccess: () => setLabel(''),
        onError: (failure) =>
          showSaveError(failure, {
            fields: ['label'],
            onField: (_path, message) => setError(message),
            onForm: (message) => {
              if (message !== null) setError(message);
            },
            fallback: 'The tag could not be saved. Please try again.',
          }),
      },
    );
  };
  const editor = referral.tags.find((tag) => tag.id === editing);
  return (
    <SectionCard title="Tags" description="Only your establishment sees its tags.">
      {referral.tags.length === 0 ? (
        <Text c="gray.7">No tags yet.</Text>
      ) : (
        <Group gap="xs">
          {referral.tags.map((tag) => (
            <Badge
              key={tag.id}
              size="lg"
              variant={tag.id === editing ? 'outline' : 'light'}
              tt="none"
              rightSection={
                <Group gap={0} wrap="nowrap">
                  {/* 24 px each: two controls side by side need the full target size (WCAG 2.5.8). */}
                  <ActionIcon
                    ref={(button) => {
                      if (button !== null && refocus.current === tag.id) {
                        refocus.current = null;
                        button.focus();
                      }
                    }}
                    size={24}
                    variant="transparent"
                    aria-label={`Rename tag ${tag.label}`}
                    aria-expanded={tag.id === editing}
                    onClick={() => setEditing(tag.id)}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                  <ActionIcon
                    size={24}
                    variant="transparent"
                    aria-label={`Remove tag ${tag.label}`}
                    onClick={() => remove.mutate(tag.id)}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              }
            >
              {tag.label}
            </Badge>
          ))}
        </Group>
      )}
      {editor !== undefined && (
        <EditInPlaceForm
          key={editor.id}
          field="label"
          label={`New name for the tag ${editor.label}`}
          initial={editor.label}
          maxLength={REFERRAL_TAG_MAX_LENGTH}
          saving={rename.isPending}
          save={(text, callbacks) => rename.mutate({ tagId: editor.id, label: text }, callbacks)}
          onDone={() => {
            refocus.current = editor.id;
            setEditing(null);
          }}
        />
      )}
      <Group component="form" onSubmit={submit} align="flex-start" gap="sm">
        <TextInput
          label="New tag"
          value={label}
          maxLength={REFERRAL_TAG_MAX_LENGTH}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" variant="light" mt={24} loading={add.isPending}>
          Add tag
        </Button>
      </Group>
    </SectionCard>
  );
}
