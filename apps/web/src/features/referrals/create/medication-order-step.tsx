import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  MAX_ORDER_MEDICATIONS,
  MEDICATION_FIELD_MAX,
  ORDER_DURATION_MAX,
  ORDER_NOTES_MAX,
  medicationOrderCategories,
} from '@referrals/domain/referrals/medication-order';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { SelectField, TextareaField, TextField, useFieldError } from '@/ui/form-fields';
import { blankMedication, type DraftValues } from './draft-values';

const CATEGORY_OPTIONS = medicationOrderCategories.codes.map((code) => ({
  value: code,
  label: medicationOrderCategories.display(code),
}));

/** A medicine's fields, in the order a prescription reads. */
const MEDICATION_COLUMNS: { field: keyof typeof MEDICATION_FIELD_MAX; label: string; example: string }[] = [
  { field: 'name', label: 'Medicine', example: 'Enoxaparin' },
  { field: 'dose', label: 'Dose', example: '40 mg' },
  { field: 'route', label: 'Route', example: 'Subcutaneous' },
  { field: 'frequency', label: 'Frequency', example: 'Once daily' },
];

function MedicationRowFields({ index, onRemove }: { index: number; onRemove: (() => void) | undefined }) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" role="group" aria-label={`Medication ${index + 1}`}>
      <Stack gap="sm">
        <Group justify="space-between" mih={28}>
          <Text fw={600} size="sm">
            Medication {index + 1}
          </Text>
          {onRemove !== undefined && (
            <Tooltip label="Remove this medication">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove medication ${index + 1}`}
                onClick={onRemove}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          {MEDICATION_COLUMNS.map(({ field, label, example }) => (
            <TextField
              key={field}
              name={`medication_order.medications.${index}.${field}`}
              label={label}
              placeholder={`e.g. ${example}`}
              withAsterisk
              maxLength={MEDICATION_FIELD_MAX[field]}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * The digital medication-order page (spec section 4, categories section 9): only for a receiver that takes
 * digital medication orders. Saved as typed like every step; submit asks for it whole.
 */
export function MedicationOrderStep() {
  const { control } = useFormContext<DraftValues>();
  const error = useFieldError();
  const medications = useFieldArray({ control, name: 'medication_order.medications' });
  // A draft without an order yet, or one refused whole, says so here: its fields have nothing to show it on.
  const orderError = error('medication_order') ?? error('medication_order.medications');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField
          name="medication_order.category"
          label="Category of care"
          placeholder="Choose a category"
          data={CATEGORY_OPTIONS}
          withAsterisk
        />
        <TextField name="medication_order.start_date" label="Start date" type="date" withAsterisk maw={220} />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={3} fz="h5">
          Medications
        </Title>
        <Text size="sm" c="gray.7">
          Up to {MAX_ORDER_MEDICATIONS} medicines, each as it should be given.
        </Text>
        {orderError !== undefined && (
          <Text size="sm" c="red.8" role="alert">
            {orderError}
          </Text>
        )}
        {medications.fields.map((field, index) => (
          <MedicationRowFields
            key={field.id}
            index={index}
            // The order keeps one row to fill: removing the last would leave nothing to type into.
            onRemove={medications.fields.length > 1 ? () => medications.remove(index) : undefined}
          />
        ))}
        {medications.fields.length < MAX_ORDER_MEDICATIONS && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => medications.append(blankMedication())}
            style={{ alignSelf: 'flex-start' }}
          >
            Add a medication
          </Button>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          name="medication_order.duration"
          label="Duration"
          description="How long the treatment runs"
          placeholder="e.g. 10 days"
          maxLength={ORDER_DURATION_MAX}
        />
      </SimpleGrid>
      <TextareaField
        name="medication_order.notes"
        label="Notes for the service"
        description="Allergies, monitoring, or anything the nurses should know"
        rows={3}
        maxLength={ORDER_NOTES_MAX}
      />
    </Stack>
  );
}
