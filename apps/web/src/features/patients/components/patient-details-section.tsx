import { Checkbox, Grid } from '@mantine/core';
import { aboriginalStatuses, sexCodes } from '@referrals/domain/patients/patient-codes';
import type { PatientDoctor } from '@referrals/domain/patients/patient-schemas';
import { titles } from '@referrals/domain/people/people-codes';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { DoctorField } from './doctor-field';
import { FormSection } from './form-section';
import { SelectField, TextField } from '@/ui/form-fields';

const titleOptions = titles.codes.map((code) => ({ value: code, label: titles.display(code) }));
const sexOptions = sexCodes.codes.map((code) => ({ value: code, label: sexCodes.display(code) }));
const aboriginalOptions = aboriginalStatuses.codes.map((code) => ({
  value: code,
  label: aboriginalStatuses.display(code),
}));

/**
 * Title, names, date of birth, sex and gender, country of birth, the patient's doctor and Aboriginal status
 * (spec section 3). `doctor` is the saved record's, so the select can name them before any search.
 */
export function PatientDetailsSection({ doctor }: { doctor?: PatientDoctor | null }) {
  const { register, control } = useFormContext<FieldValues>();
  const sex = useWatch({ control, name: 'sex' }) as string | null | undefined;
  const aboriginalEnabled = useWatch({ control, name: 'is_aboriginal_status_enabled' }) as boolean;
  return (
    <FormSection
      title="Patient details"
      description="A patient is created once their first name, last name and date of birth are filled in."
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <SelectField name="title" label="Title" data={titleOptions} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextField name="first_name" label="First name" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextField name="last_name" label="Last name" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField name="dob" label="Date of birth" type="date" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField name="sex_at_birth" label="Sex at birth" data={sexOptions} clearable />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField name="sex" label="Gender" data={sexOptions} clearable />
        </Grid.Col>
        {sex === 'N' && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextField name="sex_nb_text" label="Non-binary, described as" />
          </Grid.Col>
        )}
        {sex === 'O' && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextField name="custom_gender" label="Gender, described as" />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField name="country_of_birth" label="Country of birth" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DoctorField doctor={doctor} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Checkbox
            label="Record Aboriginal and Torres Strait Islander status"
            {...register('is_aboriginal_status_enabled')}
          />
        </Grid.Col>
        {aboriginalEnabled && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              name="aboriginal_status"
              label="Aboriginal and Torres Strait Islander status"
              data={aboriginalOptions}
              placeholder="Choose one"
            />
          </Grid.Col>
        )}
      </Grid>
    </FormSection>
  );
}
