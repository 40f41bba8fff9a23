import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { autofillValue } from '@referrals/domain/referrals/forms/form-autofill';
import type { FormData, FormField } from '@referrals/domain/referrals/forms/form-template-schemas';
import type { ReactNode } from 'react';
import { labelOf, optionsOf } from './form-field-options';

export type FieldInputProps = {
  field: FormField;
  values: FormData;
  onChange: (name: string, value: unknown) => void;
  error?: string;
  /** File fields upload through the referral they belong to, so the caller draws them. */
  renderFile: (field: FormField, error: string | undefined) => ReactNode;
};

const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** One template field drawn by its type (section 3 Form template); an unknown type is a text input. */
export function FormFieldInput({ field, values, onChange, error, renderFile }: FieldInputProps) {
  const label = labelOf(field);
  const value = values[field.name];
  const set = (next: unknown) => onChange(field.name, next);
  switch (field.type) {
    case 'label':
      return <Text size="sm">{label}</Text>;
    case 'calculated':
      // Shown as the server will compute it on save, so the sender sees the BMI or IAR level as they type.
      return (
        <TextInput
          label={label}
          readOnly
          value={field.autofill ? autofillValue(field.autofill, values) : asText(value)}
          description="Filled in from the answers above."
          maw={360}
        />
      );
    case 'textarea':
      return (
        <Textarea
          label={label}
          rows={3}
          value={asText(value)}
          onChange={(e) => set(e.currentTarget.value)}
          error={error}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={label}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => set(next === '' ? null : next)}
          error={error}
          maw={240}
        />
      );
    case 'date':
      return (
        <TextInput
          type="date"
          label={label}
          value={asText(value)}
          onChange={(e) => set(e.currentTarget.value || null)}
          error={error}
          maw={240}
        />
      );
    case 'select':
      return field.multiple ? (
        <MultiSelect
          label={label}
          data={optionsOf(field)}
          value={asList(value)}
          onChange={set}
          error={error}
          clearable
        />
      ) : (
        <Select
          label={label}
          data={optionsOf(field)}
          value={asText(value) || null}
          onChange={set}
          error={error}
          clearable
          maw={360}
        />
      );
    case 'radio':
      return (
        <Radio.Group label={label} value={asText(value) || null} onChange={set} error={error}>
          <Group gap="lg" mt={6}>
            {optionsOf(field).map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox':
      return field.options?.length ? (
        <Checkbox.Group label={label} value={asList(value)} onChange={set} error={error}>
          <Stack gap={6} mt={6}>
            {optionsOf(field).map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(e) => set(e.currentTarget.checked)}
          error={error}
        />
      );
    case 'switch':
      return (
        <Switch
          label={label}
          checked={value === true}
          onChange={(e) => set(e.currentTarget.checked)}
          error={error}
        />
      );
    case 'file':
      return renderFile(field, error);
    case 'array_object':
      return <ArrayObjectInput field={field} value={value} onChange={set} error={error} />;
    default:
      return (
        <TextInput
          label={label}
          value={asText(value)}
          onChange={(e) => set(e.currentTarget.value)}
          error={error}
        />
      );
  }
}

type Row = Record<string, unknown>;

/** Repeating rows of the field's children (a list of medications, say): each row is one object. */
function ArrayObjectInput({
  field,
  value,
  onChange,
  error,
}: {
  field: FormField;
  value: unknown;
  onChange: (rows: Row[]) => void;
  error?: string;
}) {
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const children = field.children ?? [];
  const setCell = (index: number, name: string, cell: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [name]: cell } : row)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {labelOf(field)}
      </Text>
      {rows.map((row, index) => (
        <Paper key={index} withBorder p="sm" radius="md">
          <Stack gap="xs">
            {children.map((child) => (
              <FormFieldInput
                key={child.name}
                field={{ ...child, title: `${labelOf(child)} (${index + 1})` }}
                values={row}
                onChange={(name, cell) => setCell(index, name, cell)}
                renderFile={() => null}
              />
            ))}
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      {error !== undefined && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...rows, {}])}>
          Add {labelOf(field).toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}
