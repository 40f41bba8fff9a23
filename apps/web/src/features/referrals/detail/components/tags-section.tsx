import { ActionIcon, Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { REFERRAL_TAG_MAX_LENGTH } from '@referrals/domain/referrals/referral-annotation-schemas';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-error';
import { SectionCard } from '@/ui/section-card';
import { useAddTag, useRemoveTag } from '../referral-annotations';

function firstMessage(error: unknown): string {
  const fields = error instanceof ApiError ? error.fieldErrors : undefined;
  const label = fields?.label;
  return Array.isArray(label) && typeof label[0] === 'string'
    ? label[0]
    : 'The tag could not be saved. Please try again.';
}

/** Your establishment's tags on the referral; the other side never sees them. */
export function TagsSection({ referral }: { referral: Referral }) {
  const add = useAddTag(referral.id);
  const remove = useRemoveTag(referral.id);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { label },
      { onSuccess: () => setLabel(''), onError: (failure) => setError(firstMessage(failure)) },
    );
  };
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
              variant="light"
              tt="none"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={`Remove tag ${tag.label}`}
                  onClick={() => remove.mutate(tag.id)}
                >
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {tag.label}
            </Badge>
          ))}
        </Group>
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
