import { Badge, Checkbox, Grid, Group, Text } from '@mantine/core';
import { useFormContext, type FieldValues } from 'react-hook-form';
import type { ExternalId } from '@referrals/domain/patients/patient-schemas';
import { FormSection } from './form-section';
import { TextField } from '@/ui/form-fields';
import { useSectionToggle } from './use-section-toggle';

/** The IHI, the hospital number and the ids integrated systems gave the patient (spec section 3). */
export function IdentifiersSection({ externalIds = [] }: { externalIds?: readonly ExternalId[] }) {
  const { register } = useFormContext<FieldValues>();
  const toggle = useSectionToggle('identifiers_enabled', 'Identifiers');
  return (
    <FormSection
      title="Identifiers"
      description="The Individual Healthcare Identifier and the hospital's own number."
      toggle={toggle}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField name="ihi" label="IHI" inputMode="numeric" placeholder="16 digits starting 800360" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField name="hospital_num" label="Hospital number" />
        </Grid.Col>
        <Grid.Col span={12}>
          <Checkbox label="Advice and guidance" {...register('is_advice_and_guidance')} />
        </Grid.Col>
        {externalIds.length > 0 && (
          <Grid.Col span={12}>
            <Text size="sm" fw={600} mb={4}>
              Clinical systems
            </Text>
            <Group gap="xs">
              {externalIds.map((id) => (
                <Badge key={id.system} variant="light" color="gray" tt="none">
                  {id.system}: {id.external_id}
                </Badge>
              ))}
            </Group>
          </Grid.Col>
        )}
      </Grid>
    </FormSection>
  );
}
