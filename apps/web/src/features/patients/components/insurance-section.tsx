import { Grid } from '@mantine/core';
import { insuranceTypes } from '@referrals/domain/patients/patient-codes';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { FormSection } from './form-section';
import { SelectField, TextField } from '@/ui/form-fields';

const insuranceOptions = insuranceTypes.codes.map((code) => ({
  value: code,
  label: insuranceTypes.display(code),
}));

/** Public insurance: type (default Medicare), number, and for Medicare the reference number and expiry. */
export function InsuranceSection() {
  const { control } = useFormContext<FieldValues>();
  const type = useWatch({ control, name: 'pub_insurance_type' }) as string | null | undefined;
  const medicare = type === 'MDCR' || type == null;
  return (
    <FormSection title="Medicare">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField name="pub_insurance_type" label="Public insurance" data={insuranceOptions} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField
            name="pub_insurance_details"
            label={medicare ? 'Medicare number' : type === 'DVA' ? 'DVA number' : 'Insurance number'}
            inputMode={medicare ? 'numeric' : undefined}
            placeholder={medicare ? '10 digits' : undefined}
          />
        </Grid.Col>
        {medicare && (
          <>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <TextField name="medicare_ref_num" label="IRN" inputMode="numeric" maxLength={1} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <TextField name="medicare_expiry_date" label="Expiry" placeholder="MM/YYYY" />
            </Grid.Col>
          </>
        )}
      </Grid>
    </FormSection>
  );
}
