import { Divider, Grid, Select, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from '@referrals/domain/api';
import { practiceManagerSubRoleChoices, roles, subRoles } from '@referrals/domain/people/people-codes';
import type { Profile, ProfileUpdate } from '@referrals/domain/profile/profile-schemas';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { professionalFieldsFor, subRoleChoices } from '../registration-pages';
import { FormFooter } from '@/ui/form-footer';
import {
  PROFESSIONAL_FIELDS,
  ProfessionalDetailsSchema,
  professionalDefaults,
  type ProfessionalDetailsOutput,
} from './professional-details-schema';
import { ProviderNumberFields, withoutProviderNumber } from './provider-number-fields';
import { SpecialtyFields } from './specialty-fields';
import { useProfileFormSave } from './use-profile-save';

const roleOptions = roles.codes.map((code) => ({ value: code, label: roles.display(code) }));

/** What to save: fields the role does not show are cleared, as hidden form data is (spec section 4). */
function professionalUpdate(values: ProfessionalDetailsOutput, roleEditable: boolean): ProfileUpdate {
  const shown = professionalFieldsFor(values.role, values.sub_role);
  return {
    ...(roleEditable ? { role: values.role, sub_role: values.sub_role ?? '' } : {}),
    ahpra_num: shown.ahpra ? values.ahpra_num : '',
    // Those for whom registration is optional and who gave no number have neither (spec section 3).
    no_ahpra_and_professional_association: shown.ahpraOptional && !values.ahpra_num,
    qualification: shown.qualification ? values.qualification : '',
    profession: shown.profession ? values.profession : '',
    ...(shown.providerNumbers
      ? {
          provider_num_list: values.provider_num_list,
          new_provider_num: values.new_provider_num,
          default_provider_num: values.default_provider_num,
          default_provider_num_type: values.default_provider_num_type,
        }
      : {}),
    ...(shown.specialties
      ? { specialties: (values.specialties ?? []).map((s, index) => ({ ...s, priority: index + 1 })) }
      : {}),
  };
}

type ProfessionalDetailsFormProps = {
  profile: Profile;
  submitLabel: string;
  /** Registration chooses the role; afterwards only support changes it (server: role locked). */
  roleEditable: boolean;
  onSaved?: (profile: Profile) => void;
  onBack?: () => void;
  initialErrors?: FieldErrors;
};

/**
 * Role, AHPRA registration, provider numbers, qualification, profession and specialties (spec sections 2
 * Registration wizard page 1, 3 Profile / user, 5 Profile save).
 */
export function ProfessionalDetailsForm({
  profile,
  submitLabel,
  roleEditable,
  onSaved,
  onBack,
  initialErrors,
}: ProfessionalDetailsFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ProfessionalDetailsSchema),
    defaultValues: professionalDefaults(profile),
  });
  const { submit, formError, saving } = useProfileFormSave(
    profile,
    PROFESSIONAL_FIELDS,
    setError,
    initialErrors,
  );
  const role = useWatch({ control, name: 'role' });
  const subRole = useWatch({ control, name: 'sub_role' });
  const providerType = useWatch({ control, name: 'default_provider_num_type' });
  const providerNumber = useWatch({ control, name: 'default_provider_num' });
  const providerNumbers = useWatch({ control, name: 'provider_num_list' }) ?? [];
  const shown = professionalFieldsFor(role, subRole);
  const subRoleOptions = subRoleChoices(
    role,
    practiceManagerSubRoleChoices(getRuntimeConfig().flags.newPracticeManagerSubRoles),
  ).map((code) => ({ value: code, label: subRoles.display(code) }));

  const onSubmit = handleSubmit(async (values) => {
    const saved = await submit(professionalUpdate(values, roleEditable));
    if (saved !== null) onSaved?.(saved);
  });

  const providerChoice =
    providerType === 'PROVIDER_NUMBER' && typeof providerNumber === 'string' && providerNumber !== ''
      ? providerNumber
      : providerType === 'NOT_APPLICABLE'
        ? 'NOT_APPLICABLE'
        : 'EMPTY';
  const chooseProviderNumber = (choice: string) => {
    if (choice === 'EMPTY' || choice === 'NOT_APPLICABLE') {
      setValue('default_provider_num_type', choice);
      setValue('default_provider_num', '');
    } else {
      setValue('default_provider_num_type', 'PROVIDER_NUMBER');
      setValue('default_provider_num', choice);
    }
  };
  const removeProviderNumber = (number: string) => {
    const { list, choice } = withoutProviderNumber(providerNumbers, number, providerChoice);
    setValue('provider_num_list', list, { shouldDirty: true });
    chooseProviderNumber(choice);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        {roleEditable ? (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={control}
                name="role"
                render={({ field }) => (
                  <Select
                    label="Role"
                    withAsterisk
                    placeholder="Choose your role"
                    data={roleOptions}
                    value={field.value ?? null}
                    onChange={(value) => {
                      field.onChange(value ?? undefined);
                      // A sub-role belongs to one role; a new role starts without one.
                      setValue('sub_role', '');
                    }}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={errors.role?.message}
                  />
                )}
              />
            </Grid.Col>
            {subRoleOptions.length > 0 && (
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="sub_role"
                  render={({ field }) => (
                    <Select
                      label="Sub-role"
                      placeholder="None"
                      data={subRoleOptions}
                      value={field.value === '' || field.value == null ? null : field.value}
                      onChange={(value) => field.onChange(value ?? '')}
                      onBlur={field.onBlur}
                      clearable
                      error={errors.sub_role?.message}
                    />
                  )}
                />
              </Grid.Col>
            )}
          </Grid>
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Role
            </Text>
            <Text>
              {profile.role?.display ?? 'Not chosen'}
              {profile.sub_role !== null && ` · ${subRoles.display(profile.sub_role)}`}
            </Text>
            <Text size="xs" c="gray.7">
              Your role was set at registration. Contact support to change it.
            </Text>
          </Stack>
        )}

        {role !== undefined && (
          <>
            <Divider />
            <Grid gap="md">
              {shown.ahpra && (
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="AHPRA registration number"
                    description="3 letters and 10 digits, e.g. MED0001234567."
                    withAsterisk={shown.ahpraRequired}
                    autoComplete="off"
                    {...register('ahpra_num')}
                    error={errors.ahpra_num?.message}
                  />
                </Grid.Col>
              )}
              {shown.qualification && (
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Qualification"
                    description="e.g. MBBS, FRACGP."
                    {...register('qualification')}
                    error={errors.qualification?.message}
                  />
                </Grid.Col>
              )}
              {shown.profession && (
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Profession"
                    description="e.g. Physiotherapist, Registered nurse."
                    withAsterisk={shown.professionRequired}
                    {...register('profession')}
                    error={errors.profession?.message}
                  />
                </Grid.Col>
              )}
            </Grid>
            {shown.providerNumbers && (
              <ProviderNumberFields
                numbers={providerNumbers}
                removed={profile.provider_num_list.filter((n) => !providerNumbers.includes(n))}
                choice={providerChoice}
                onChoiceChange={chooseProviderNumber}
                onRemove={removeProviderNumber}
                choiceError={
                  errors.default_provider_num?.message ?? errors.default_provider_num_type?.message
                }
                newNumberInput={register('new_provider_num')}
                newNumberError={errors.new_provider_num?.message}
              />
            )}
            {shown.specialties && <SpecialtyFields control={control} register={register} errors={errors} />}
            {!shown.ahpra && !shown.providerNumbers && !shown.profession && (
              <Text size="sm" c="gray.7">
                No registration details are needed for this role.
              </Text>
            )}
          </>
        )}
        <FormFooter submitLabel={submitLabel} saving={saving} formError={formError} onBack={onBack} />
      </Stack>
    </form>
  );
}
