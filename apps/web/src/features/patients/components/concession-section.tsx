import { ActionIcon, Button, Grid, Paper, Stack, Tooltip } from '@mantine/core';
import { concessionCardTypes } from '@referrals/domain/patients/patient-codes';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { emptyConcessionCard } from '../patient-form-values';
import { FormSection } from './form-section';
import { SelectField, TextField } from '@/ui/form-fields';
import { useSectionToggle } from './use-section-toggle';

const typeOptions = concessionCardTypes.codes.map((code) => ({
  value: code,
  label: concessionCardTypes.display(code),
}));

function ConcessionCardRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { control } = useFormContext<FieldValues>();
  const type = useWatch({ control, name: `concession_cards.${index}.type` }) as string | null;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" aria-label={`Concession card ${index + 1}`} role="group">
      <Grid gap="md" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            name={`concession_cards.${index}.type`}
            label="Card type"
            data={typeOptions}
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: type === 'OTHER' ? 3 : 7 }}>
          <TextField name={`concession_cards.${index}.concession_number`} label="Card number" />
        </Grid.Col>
        {type === 'OTHER' && (
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField
              name={`concession_cards.${index}.concession_other`}
              label="Describe the card"
              withAsterisk
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 1 }}>
          <Tooltip label="Remove this card">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove concession card ${index + 1}`}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** Concession cards; switched off, the list is saved empty (spec section 5 Patient save). */
export function ConcessionSection() {
  const { control } = useFormContext<FieldValues>();
  const cards = useFieldArray({ control, name: 'concession_cards' });
  const toggle = useSectionToggle('concession_enabled', 'Concession', () => {
    if (cards.fields.length === 0) cards.append(emptyConcessionCard());
  });
  return (
    <FormSection
      title="Concession"
      description="Pensioner, Health Care, Seniors and DVA cards."
      toggle={toggle}
    >
      <Stack gap="sm">
        {cards.fields.map((field, index) => (
          <ConcessionCardRow key={field.id} index={index} onRemove={() => cards.remove(index)} />
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => cards.append(emptyConcessionCard())}
          style={{ alignSelf: 'flex-start' }}
        >
          Add concession card
        </Button>
      </Stack>
    </FormSection>
  );
}
