import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { Grid, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from '@referrals/domain/api';
import { titles } from '@referrals/domain/people/people-codes';
import { ProfileUpdateSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import { Controller, useForm } from 'react-hook-form';
import { FormFooter } from '@/ui/form-footer';
import { useProfileFormSave } from './use-profile-save';

const PERSONAL_FIELDS = ['title', 'first_name', 'middle_name', 'last_name', 'dob', 'phone'] as const;

const PersonalDetailsSchema = ProfileUpdateSchema.pick({
  title: true,
  first_name: true,
  middle_name: true,
  last_name: true,
  dob: true,
  phone: true,
});

// Registration asks for a mobile number: practices and receivers use it to reach a new user.
const RegistrationPersonalDetailsSchema = PersonalDetailsSchema.refine(
  (values) => typeof values.phone === 'string' && values.phone.trim() !== '',
  { message: REQUIRED_MESSAGE, path: ['phone'] },
);

type PersonalDetailsValues = (typeof PersonalDetailsSchema)['_input'];

const titleOptions = titles.codes.map((code) => ({ value: code, label: titles.display(code) }));

type PersonalDetailsFormProps = {
  profile: Profile;
  submitLabel: string;
  /** Registration requires the mobile number; Settings lets it be cleared. */
  phoneRequired?: boolean;
  onSaved?: (profile: Profile) => void;
  onBack?: () => void;
  initialErrors?: FieldErrors;
};

/** Title, names, date of birth and mobile phone (spec section 3 Profile / user), saved with the dry run first. */
export function PersonalDetailsForm({
  profile,
  submitLabel,
  phoneRequired = false,
  onSaved,
  onBack,
  initialErrors,
}: PersonalDetailsFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(phoneRequired ? RegistrationPersonalDetailsSchema : PersonalDetailsSchema),
    defaultValues: {
      title: profile.title,
      first_name: profile.first_name,
      middle_name: profile.middle_name ?? '',
      last_name: profile.last_name,
      dob: profile.dob ?? '',
      phone: profile.phone ?? '',
    } satisfies PersonalDetailsValues,
  });
  const { submit, formError, saving } = useProfileFormSave(profile, PERSONAL_FIELDS, setError, initialErrors);

  const onSubmit = handleSubmit(async (values) => {
    const saved = await submit(values);
    if (saved !== null) onSaved?.(saved);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Controller
              control={control}
              name="title"
              render={({ field }) => (
                <Select
                  label="Title"
                  data={titleOptions}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.title?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="given-name"
              {...register('first_name')}
              error={errors.first_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Middle name"
              autoComplete="additional-name"
              {...register('middle_name')}
              error={errors.middle_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Last name"
              withAsterisk
              autoComplete="family-name"
              {...register('last_name')}
              error={errors.last_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Date of birth"
              type="date"
              autoComplete="bday"
              {...register('dob')}
              error={errors.dob?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Mobile phone"
              withAsterisk={phoneRequired}
              type="tel"
              autoComplete="tel"
              placeholder="0412 345 678"
              {...register('phone')}
              error={errors.phone?.message}
            />
          </Grid.Col>
        </Grid>
        <FormFooter submitLabel={submitLabel} saving={saving} formError={formError} onBack={onBack} />
      </Stack>
    </form>
  );
}
