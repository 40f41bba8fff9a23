import { ActionIcon, Button, Grid, Paper, Stack, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, type FieldValues } from 'react-hook-form';
import { emptyHealthFund } from '../patient-form-values';
import { FormSection } from './form-section';
import { SelectField, TextField } from '@/ui/form-fields';

import { useSectionToggle } from './use-section-toggle';

// The spec leaves a fund's type open; these are the cover types Australian funds sell.
const coverOptions = [
  { value: 'Hospital', label: 'Hospital' },
  { value: 'Extras', label: 'Extras' },
  { value: 'Hospital and extras', label: 'Hospital and extras' },
];

/** Private health funds; switched off, the list is saved empty (spec section 5 Patient save). */
export function HealthFundSection() {
  const { control } = useFormContext<FieldValues>();
  const funds = useFieldArray({ control, name: 'health_funds' });
  const toggle = useSectionToggle('health_fund_enabled', 'Health fund', () => {
    if (funds.fields.length === 0) funds.append(emptyHealthFund());
  });
  return (
    <FormSection title="Health fund" description="Private health insurance memberships." toggle={toggle}>
      <Stack gap="sm">
        {funds.fields.map((field, index) => (
          <Paper
            key={field.id}
            withBorder
            radius="md"
            p="md"
            bg="gray.0"
            role="group"
            aria-label={`Health fund ${index + 1}`}
          >
            <Grid gap="md" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextField
                  name={`health_funds.${index}.health_fund_name`}
                  label="Fund name"
                  withAsterisk
                  placeholder="e.g. Medibank"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextField name={`health_funds.${index}.health_fund_num`} label="Membership number" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <SelectField
                  name={`health_funds.${index}.type`}
                  label="Cover"
                  data={coverOptions}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 1 }}>
                <Tooltip label="Remove this fund">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove health fund ${index + 1}`}
                    onClick={() => funds.remove(index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Grid.Col>
            </Grid>
          </Paper>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => funds.append(emptyHealthFund())}
          style={{ alignSelf: 'flex-start' }}
        >
          Add health fund
        </Button>
      </Stack>
    </FormSection>
  );
}
