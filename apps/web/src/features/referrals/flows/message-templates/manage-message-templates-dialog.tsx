import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MESSAGE_TEMPLATE_BODY_MAX_LENGTH,
  MESSAGE_TEMPLATE_NAME_MAX_LENGTH,
  MESSAGE_TEMPLATE_TYPES,
  MessageTemplateWriteSchema,
  type MessageTemplate,
  type MessageTemplateType,
} from '@referrals/domain/referrals/message-template-schemas';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { showSaveError } from '@/lib/form-errors';
import { TextareaField, TextField } from '@/ui/form-fields';
import { FormFooter } from '@/ui/form-footer';
import {
  useDeleteMessageTemplate,
  useMessageTemplates,
  useSaveMessageTemplate,
  useUpdateMessageTemplate,
} from './message-templates';

const TEMPLATE_FIELDS = ['name', 'body'] as const;
const TemplateFormSchema = MessageTemplateWriteSchema.pick({ name: true, body: true });
type TemplateValues = (typeof TemplateFormSchema)['_input'];

type TemplateFormProps = {
  type: MessageTemplateType;
  /** The template to rename or rewrite; a new one without it. */
  template?: MessageTemplate;
  onDone: () => void;
};

/** A template's name and text, added or changed; the server's messages show on the fields they name. */
function TemplateForm({ type, template, onDone }: TemplateFormProps) {
  const create = useSaveMessageTemplate();
  const update = useUpdateMessageTemplate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TemplateValues>({
    resolver: zodResolver(TemplateFormSchema),
    defaultValues: { name: template?.name ?? '', body: template?.body ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = { ...values, message_type: type };
    try {
      if (template === undefined) await create.mutateAsync(body);
      else await update.mutateAsync({ id: template.id, body });
      onDone();
    } catch (error) {
      showSaveError(error, {
        fields: TEMPLATE_FIELDS,
        onField: (path, message) => form.setError(path as Path<TemplateValues>, { type: 'server', message }),
        onForm: setFormError,
        fallback: 'The template could not be saved. Please try again.',
      });
    }
  });
  return (
    <FormProvider {...form}>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(event) => {
            // The dialog is portalled out of the flow's form in the page, not in React: its submit would
            // reach the flow's form too, and take the flow to its next page.
            event.stopPropagation();
            void onSubmit(event);
          }}
          noValidate
        >
          <Stack gap="sm">
            <TextField
              name="name"
              label="Template name"
              withAsterisk
              maxLength={MESSAGE_TEMPLATE_NAME_MAX_LENGTH}
              data-autofocus
              autoFocus
            />
            <TextareaField
              name="body"
              label="Template text"
              withAsterisk
              maxLength={MESSAGE_TEMPLATE_BODY_MAX_LENGTH}
            />
            <FormFooter
              submitLabel={template === undefined ? 'Add template' : 'Save template'}
              saving={create.isPending || update.isPending}
              formError={formError}
              actions={
                <Button variant="default" onClick={onDone}>
                  Cancel
                </Button>
              }
            />
          </Stack>
        </form>
      </Paper>
    </FormProvider>
  );
}

type TemplateRowProps = {
  template: MessageTemplate;
  onInsert: (body: string) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One template: its name and the start of its text, and what can be done with it. */
function TemplateRow({ template, onInsert, onEdit, onDelete }: TemplateRowProps) {
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={template.name}>
      <Stack gap={6}>
        <Text fw={600}>{template.name}</Text>
        <Text size="sm" c="gray.7" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
          {template.body}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={`Delete ${template.name}`}
          >
            Delete
          </Button>
          <Button size="xs" onClick={() => onInsert(template.body)} aria-label={`Insert ${template.name}`}>
            Insert
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Asks before a template goes: it is the establishment's, so it goes for everyone there. */
function DeleteTemplate({
  template,
  type,
  onDone,
}: {
  template: MessageTemplate;
  type: MessageTemplateType;
  onDone: () => void;
}) {
  const remove = useDeleteMessageTemplate(type);
  const confirm = () =>
    remove.mutate(template.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Template “${template.name}” deleted` });
        onDone();
      },
    });
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={`Delete ${template.name}`}>
      <Stack gap="sm">
        <Text size="sm">Delete “{template.name}”? Everyone at your establishment will stop seeing it.</Text>
        {remove.isError && (
          <Text size="sm" c="red.8">
            The template could not be deleted. Please try again.
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone} data-autofocus autoFocus>
            Cancel
          </Button>
          <Button color="red" size="xs" loading={remove.isPending} onClick={confirm}>
            Delete template
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit' | 'delete'; template: MessageTemplate };

type ManageMessageTemplatesDialogProps = {
  opened: boolean;
  onClose: () => void;
  type: MessageTemplateType;
  /** Puts a template's text into the message being written. */
  onInsert: (body: string) => void;
};

/**
 * The establishment's templates of one message type (spec sections 3 and 7, message templates): add,
 * rename or rewrite, delete, and insert one into the message.
 */
export function ManageMessageTemplatesDialog({
  opened,
  onClose,
  type,
  onInsert,
}: ManageMessageTemplatesDialogProps) {
  const templates = useMessageTemplates(type);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const done = () => setEditing({ kind: 'none' });
  const close = () => {
    done();
    onClose();
  };
  const list = templates.data?.results ?? [];
  return (
    <Modal opened={opened} onClose={close} title="Message templates" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {MESSAGE_TEMPLATE_TYPES[type]} templates, shared with everyone at your establishment.
        </Text>
        {editing.kind === 'new' ? (
          <TemplateForm type={type} onDone={done} />
        ) : (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ kind: 'new' })}
            >
              New template
            </Button>
          </Group>
        )}
        {templates.isSuccess && list.length === 0 && editing.kind !== 'new' && (
          <Text size="sm">No templates yet. Add one, or keep a message you write with Save as template.</Text>
        )}
        {templates.isError && (
          <Text size="sm" c="red.8">
            The templates could not be loaded. Please try again.
          </Text>
        )}
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Templates">
          {list.map((template) =>
            editing.kind === 'edit' && editing.template.id === template.id ? (
              <li key={template.id}>
                <TemplateForm type={type} template={template} onDone={done} />
              </li>
            ) : editing.kind === 'delete' && editing.template.id === template.id ? (
              <li key={template.id}>
                <DeleteTemplate template={template} type={type} onDone={done} />
              </li>
            ) : (
              <TemplateRow
                key={template.id}
                template={template}
                onInsert={(body) => {
                  onInsert(body);
                  close();
                }}
                onEdit={() => setEditing({ kind: 'edit', template })}
                onDelete={() => setEditing({ kind: 'delete', template })}
              />
            ),
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
