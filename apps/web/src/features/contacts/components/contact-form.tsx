import { Alert, Grid, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { FormFooter } from '@/ui/form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import type { DoctorEntry, DoctorWrite, DoctorWriteInput } from '@referrals/domain/directory/doctor-schemas';
import { DoctorWriteSchema } from '@referrals/domain/directory/doctor-schemas';
import { auStates } from '@referrals/domain/establishments/establishment-codes';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { showSaveError } from '@/lib/form-errors';

/** The fields of the form; a server 400 on any of them is shown on the field (spec section 7). */
const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'practice_name',
  'department_name',
  'provider_num_list',
  'email',
  'phone1',
  'address1',
  'city',
  'state',
  'postcode',
  'role',
] as const;

const stateOptions = auStates.codes.map((code) => ({ value: code, label: code }));

/** The form's values from an entry, or empty for a new Other HCP (role HCP, state NSW). */
export function contactFormValues(entry?: DoctorEntry): DoctorWriteInput {
  return {
    first_name: entry?.first_name ?? '',
    last_name: entry?.last_name ?? '',
    role: entry?.role.value ?? 'HCP',
    practice_name: entry?.practice_name ?? '',
    department_name: entry?.department_name ?? '',
    provider_num_list: entry?.provider_num_list ?? [],
    email: entry?.email ?? '',
    phone1: entry?.phone1 ?? '',
    address1: entry?.address1 ?? '',
    city: entry?.city ?? '',
    state: entry?.state ?? 'NSW',
    postcode: entry?.postcode ?? '',
  };
}

type ContactFormProps = {
  initial?: DoctorEntry;
  submitLabel: string;
  /** Saves; a thrown ApiError with a 400 body puts its messages on the fields. */
  onSave: (values: DoctorWrite) => Promise<unknown>;
  /** Extra buttons beside the submit button (Cancel, Delete). */
  actions?: ReactNode;
};

/**
 * A health professional's details (section 3 Doctor directory entry), checked with the same schema as the
 * server; the server's field errors land on the same fields, anything else above the buttons.
 */
export function ContactForm({ initial, submitLabel, onSave, actions }: ContactFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DoctorWriteInput, unknown, DoctorWrite>({
    resolver: zodResolver(DoctorWriteSchema),
    defaultValues: contactFormValues(initial),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      showSaveError(error, {
        fields: CONTACT_FIELDS,
        // provider_num_list.1 and the like belong to the list's one field.
        onField: (path, message) =>
          setError(
            (path.startsWith('provider_num_list') ? 'provider_num_list' : path) as Path<DoctorWriteInput>,
            { type: 'server', message },
          ),
        onForm: setFormError,
        fallback: 'The health professional could not be saved. Please try again.',
      });
    }
  });

  const listError = errors.provider_num_list?.message;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="First name"
              withAsterisk
              {...register('first_name')}
              error={errors.first_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Last name"
              withAsterisk
              {...register('last_name')}
              error={errors.last_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Practice name"
              {...register('practice_name')}
              error={errors.practice_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Department"
              {...register('department_name')}
              error={errors.department_name?.message}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Controller
              control={control}
              name="provider_num_list"
              render={({ field }) => (
                <TagsInput
                  label="Provider numbers"
                  description="Medicare provider numbers, e.g. 2426621B. Press Enter after each."
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={listError}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Email" type="email" {...register('email')} error={errors.email?.message} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Phone" type="tel" {...register('phone1')} error={errors.phone1?.message} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Address" {...register('address1')} error={errors.address1?.message} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Suburb or city" {...register('city')} error={errors.city?.message} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Controller
              control={control}
              name="state"
              render={({ field }) => (
                <Select
                  label="State"
                  data={stateOptions}
                  value={field.value ?? 'NSW'}
                  onChange={(value) => field.onChange(value ?? 'NSW')}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.state?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label="Postcode"
              inputMode="numeric"
              maxLength={4}
              {...register('postcode')}
              error={errors.postcode?.message}
            />
          </Grid.Col>
        </Grid>
        {errors.role?.message !== undefined && (
          <Alert color="red" variant="light" role="alert">
            {errors.role.message}
          </Alert>
        )}
        <FormFooter submitLabel={submitLabel} saving={isSubmitting} formError={formError} actions={actions} />
      </Stack>
    </form>
  );
}
