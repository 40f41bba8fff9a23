import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ProfessionalDetailsValues } from './professional-details-schema';

type SpecialtyFieldsProps = {
  control: Control<ProfessionalDetailsValues>;
  register: UseFormRegister<ProfessionalDetailsValues>;
  errors: FieldErrors<ProfessionalDetailsValues>;
};

/** Specialties of a specialist or a GP without a sub-role (spec sections 3 Specialty and 5 Profile save). */
export function SpecialtyFields({ control, register, errors }: SpecialtyFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'specialties' });
  return (
    <Stack gap="xs">
      <div>
        <Text fw={500} size="sm">
          Specialties
        </Text>
        <Text size="xs" c="gray.7">
          Referrers search for you by these. The first is your main specialty.
        </Text>
      </div>
      {fields.length === 0 && (
        <Text size="sm" c="gray.7">
          No specialties added.
        </Text>
      )}
      {fields.map((field, index) => (
        <Group key={field.id} gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Specialty ${index + 1}`}
            placeholder="e.g. Cardiology"
            {...register(`specialties.${index}.practice`)}
            error={errors.specialties?.[index]?.practice?.message}
          />
          <TextInput
            style={{ flex: 1 }}
            label="Area of interest"
            placeholder="e.g. Heart failure"
            {...register(`specialties.${index}.field`)}
            error={errors.specialties?.[index]?.field?.message}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={25}
            aria-label={`Remove specialty ${index + 1}`}
            onClick={() => remove(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ priority: fields.length + 1, practice: '', field: '' })}
        >
          Add a specialty
        </Button>
      </Group>
    </Stack>
  );
}
