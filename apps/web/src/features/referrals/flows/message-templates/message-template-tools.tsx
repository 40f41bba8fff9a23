import { Button, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MESSAGE_TEMPLATE_NAME_MAX_LENGTH,
  type MessageTemplateType,
} from '@referrals/domain/referrals/message-template-schemas';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { ManageMessageTemplatesDialog } from './manage-message-templates-dialog';
import { useMessageTemplates, useSaveMessageTemplate } from './message-templates';

/** Names the template the message is kept as; the popover closes once it is saved. */
function SaveAsTemplate({ type, body }: { type: MessageTemplateType; body: string }) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveMessageTemplate();
  const submit = () =>
    save.mutate(
      { name, body, message_type: type },
      {
        onSuccess: () => {
          setOpened(false);
          setName('');
          notifications.show({ color: 'green', message: `Template “${name.trim()}” saved` });
        },
      },
    );
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={body.trim() === ''}
          onClick={() => setOpened((o) => !o)}
        >
          Save as template
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <TextInput
            label="Template name"
            value={name}
            maxLength={MESSAGE_TEMPLATE_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.currentTarget.value)}
            error={save.isError ? 'The template could not be saved. Please try again.' : undefined}
            data-autofocus
          />
          <Button size="xs" onClick={submit} loading={save.isPending} disabled={name.trim() === ''}>
            Save template
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Above a message: fill it from one of the establishment's templates of its type, keep what was written
 * as a new one, or manage the templates and insert one (spec sections 3 and 7 message templates).
 */
export function MessageTemplateTools({ name, type }: { name: string; type: MessageTemplateType }) {
  const { setValue } = useFormContext<FieldValues>();
  const [managing, manage] = useDisclosure(false);
  const body: unknown = useWatch<FieldValues>({ name });
  const templates = useMessageTemplates(type);
  const options = (templates.data?.results ?? []).map((template) => ({
    value: template.id,
    label: template.name,
  }));
  const use = (id: string | null) => {
    const chosen = templates.data?.results.find((template) => template.id === id);
    if (chosen) setValue(name, chosen.body, { shouldDirty: true, shouldValidate: true });
  };
  const message = typeof body === 'string' ? body : '';
  // Inserted after what is already written, so a template adds to a message instead of replacing it.
  const insert = (text: string) =>
    setValue(name, message.trim() === '' ? text : `${message.trimEnd()}\n\n${text}`, {
      shouldDirty: true,
      shouldValidate: true,
    });
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Select
        label="Use a template"
        placeholder={options.length === 0 ? 'No templates yet' : 'Choose a template'}
        data={options}
        disabled={options.length === 0}
        value={null}
        onChange={use}
        w={280}
      />
      <Group gap="xs">
        <SaveAsTemplate type={type} body={message} />
        <Button variant="subtle" size="compact-sm" onClick={manage.open}>
          Manage templates
        </Button>
      </Group>
      <ManageMessageTemplatesDialog opened={managing} onClose={manage.close} type={type} onInsert={insert} />
    </Group>
  );
}
