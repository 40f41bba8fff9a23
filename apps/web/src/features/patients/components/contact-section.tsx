import { Checkbox, Grid, Stack, Text } from '@mantine/core';
import { contactMethods } from '@referrals/domain/patients/patient-codes';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { AddressFields } from './address-fields';
import { FormSection } from './form-section';
import { SelectField, TextField } from '@/ui/form-fields';

const contactOptions = contactMethods.codes.map((code) => ({
  value: code,
  label: contactMethods.display(code),
}));

/** Email, phone, the preferred contact method, the address and a separate postal address (spec section 3). */
export function ContactSection() {
  const { register, control } = useFormContext<FieldValues>();
  const sameAddress = useWatch({ control, name: 'is_residential_and_postal_address' }) as boolean;
  return (
    <FormSection title="Contact and address">
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextField name="email" label="Email" type="email" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField name="phone" label="Mobile phone" type="tel" placeholder="0412 345 678" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <SelectField name="pref_contact_method" label="Preferred contact" data={contactOptions} />
          </Grid.Col>
        </Grid>
        <AddressFields prefix="" />
        <Checkbox
          label="The residential address is also the postal address"
          {...register('is_residential_and_postal_address')}
        />
        {!sameAddress && (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Postal address
            </Text>
            <AddressFields prefix="postal_" legend="Postal" />
          </Stack>
        )}
      </Stack>
    </FormSection>
  );
}
