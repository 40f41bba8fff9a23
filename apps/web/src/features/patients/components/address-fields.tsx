import { Grid } from '@mantine/core';
import { auStates } from '@referrals/domain/establishments/establishment-codes';
import { SelectField, TextField } from '@/ui/form-fields';

const stateOptions = auStates.codes.map((code) => ({ value: code, label: code }));

/**
 * Street, suburb, state and postcode under a name prefix: the patient's residential address (''), the
 * postal address ('postal_') or a carer's ('carers.0.'), so each lands on the field the server names.
 */
export function AddressFields({ prefix, legend }: { prefix: string; legend?: string }) {
  const label = (text: string) => (legend === undefined ? text : `${legend} ${text.toLowerCase()}`);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField name={`${prefix}address1`} label={label('Address line 1')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField name={`${prefix}address2`} label={label('Address line 2')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextField name={`${prefix}city`} label={label('Suburb')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <SelectField name={`${prefix}state`} label={label('State')} data={stateOptions} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3 }}>
        <TextField name={`${prefix}postcode`} label={label('Postcode')} inputMode="numeric" maxLength={4} />
      </Grid.Col>
    </Grid>
  );
}
