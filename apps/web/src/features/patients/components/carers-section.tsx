import {
  ActionIcon,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { CARER_TYPES, titles, type CarerType } from '@referrals/domain/people/people-codes';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { emptyCarer } from '../patient-form-values';
import { AddressFields } from './address-fields';
import { FormSection } from './form-section';
import { SelectField, TextField, useFieldError } from '@/ui/form-fields';
import { useSectionToggle } from './use-section-toggle';

const carerTypeOptions = Object.entries(CARER_TYPES).map(([value, label]) => ({ value, label }));
const titleOptions = titles.codes.map((code) => ({ value: code, label: titles.display(code) }));
/** Carer types 1 to 3 (spec section 9). */
const MAX_CARERS = 3;

function CarerCard({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { control, register } = useFormContext<FieldValues>();
  const error = useFieldError();
  const name = (field: string) => `carers.${index}.${field}`;
  const sameAddress = useWatch({ control, name: name('address_same_as_patient') }) === true;
  const carerType = useWatch({ control, name: name('carer_type') }) as CarerType | undefined;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" role="group" aria-label={`Carer ${index + 1}`}>
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {carerType === undefined ? `Carer ${index + 1}` : `${CARER_TYPES[carerType]} carer`}
          </Text>
          <Tooltip label="Remove this carer">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove carer ${index + 1}`}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Controller
              control={control}
              name={name('carer_type')}
              render={({ field }) => (
                <Select
                  label="Carer type"
                  data={carerTypeOptions}
                  allowDeselect={false}
                  value={field.value == null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value === null ? undefined : Number(value))}
                  onBlur={field.onBlur}
                  error={error(name('carer_type'))}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <SelectField name={name('title')} label="Title" data={titleOptions} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextField name={name('first_name')} label="First name" withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextField name={name('last_name')} label="Last name" withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField
              name={name('relation')}
              label="Relationship to the patient"
              placeholder="e.g. Daughter"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField name={name('dob')} label="Date of birth" type="date" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Stack gap={6} pt={{ base: 0, sm: 26 }}>
              <Checkbox label="Emergency contact" {...register(name('emergency_contact'))} />
              <Checkbox label="Next of kin" {...register(name('next_of_kin'))} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextField name={name('email')} label="Email" type="email" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextField name={name('phone')} label="Phone" type="tel" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField name={name('pub_insurance_details')} label="Medicare number" inputMode="numeric" />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextField name={name('medicare_ref_num')} label="IRN" inputMode="numeric" maxLength={1} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2 }}>
            <TextField name={name('medicare_expiry_date')} label="Expiry" placeholder="MM/YYYY" />
          </Grid.Col>
        </Grid>
        <Checkbox label="Address same as patient" {...register(name('address_same_as_patient'))} />
        {!sameAddress && <AddressFields prefix={`carers.${index}.`} />}
      </Stack>
    </Paper>
  );
}

/** Carers and guardians, primary, secondary or other (spec section 3 Carer). */
export function CarersSection() {
  const { control, getValues } = useFormContext<FieldValues>();
  const carers = useFieldArray({ control, name: 'carers' });
  const nextType = (): CarerType => {
    const used = new Set((getValues('carers') as { carer_type?: unknown }[]).map((c) => c.carer_type));
    return ([1, 2, 3] as const).find((type) => !used.has(type)) ?? 3;
  };
  const toggle = useSectionToggle('carer_enabled', 'Carer or guardian', () => {
    if (carers.fields.length === 0) carers.append(emptyCarer(1));
  });
  return (
    <FormSection
      title="Carer or guardian"
      description="Up to three: a primary, a secondary and another carer."
      toggle={toggle}
    >
      <Stack gap="sm">
        {carers.fields.map((field, index) => (
          <CarerCard key={field.id} index={index} onRemove={() => carers.remove(index)} />
        ))}
        {carers.fields.length < MAX_CARERS && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => carers.append(emptyCarer(nextType()))}
            style={{ alignSelf: 'flex-start' }}
          >
            Add carer
          </Button>
        )}
      </Stack>
    </FormSection>
  );
}
