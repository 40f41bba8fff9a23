import { Checkbox, SimpleGrid } from '@mantine/core';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { FormSection } from './form-section';
import { useSectionToggle } from './use-section-toggle';

const FLAGS = [
  ['atsi', 'Aboriginal or Torres Strait Islander'],
  ['ndis', 'NDIS participant'],
  ['pp_refugee', 'Refugee or asylum seeker'],
  ['pp_out_home_care', 'In out-of-home care'],
  ['pp_culturally_diverse', 'Culturally and linguistically diverse'],
  ['pp_other', 'Other priority population'],
] as const;

/** Priority population flags; switched off, they are reset on save (spec section 5 Patient save). */
export function PopulationSection() {
  const { register } = useFormContext<FieldValues>();
  const toggle = useSectionToggle('population_enabled', 'Population');
  return (
    <FormSection
      title="Population"
      description="Priority populations the patient belongs to."
      toggle={toggle}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FLAGS.map(([name, label]) => (
          <Checkbox key={name} label={label} {...register(name)} />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}
