import { Autocomplete, Grid, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DoctorEntryPageSchema, type DoctorEntry } from '@referrals/domain/directory/doctor-schemas';
import { sexCodes, type Sex } from '@referrals/domain/patients/patient-codes';
import { personName } from '@referrals/domain/people/person-name';
import { referrerRoleChoices, titles, type ReferrerRoleChoice } from '@referrals/domain/people/people-codes';
import type { ManualReferrer } from '@referrals/domain/referrals/manual-referral-schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { apiClient } from '@/lib/api-client';
import { SelectField, TextareaField, TextField, useFieldError } from '@/ui/form-fields';
import type { ChosenPatient, PatientPickerSlot } from '@/ui/patient-picker-slot';
import { usePatientPicker } from './patient-picker-context';

/**
 * The fields a MANUAL referral shares, typed from a paper letter or from an imported email or fax
 * (docs/import-queue.md): who the patient is, who referred them and why. Field names are the API's, so
 * a 400's messages land on them.
 */
export type ManualReferralValues = {
  patientMode: 'find' | 'letter';
  patient: ChosenPatient | null;
  new_patient: {
    first_name: string;
    last_name: string;
    dob: string;
    sex_at_birth: Sex | null;
    pub_insurance_details: string;
    medicare_ref_num: string;
    phone: string;
  };
  referrer: {
    directory_doctor: string | null;
    title: string | null;
    first_name: string;
    last_name: string;
    role: ReferrerRoleChoice;
    practice_name: string;
    provider_number: string;
    email: string;
    phone: string;
  };
  referrer_message: string;
  manual_gp: string;
  manual_internal_note: string;
};

export const MANUAL_REFERRAL_FIELDS = [
  'patient',
  'new_patient',
  'referrer',
  'referrer_message',
  'manual_gp',
  'manual_internal_note',
] as const;

export const emptyManualReferral = (): ManualReferralValues => ({
  patientMode: 'letter',
  patient: null,
  new_patient: {
    first_name: '',
    last_name: '',
    dob: '',
    sex_at_birth: null,
    pub_insurance_details: '',
    medicare_ref_num: '',
    phone: '',
  },
  referrer: {
    directory_doctor: null,
    title: null,
    first_name: '',
    last_name: '',
    role: 'GP',
    practice_name: '',
    provider_number: '',
    email: '',
    phone: '',
  },
  referrer_message: '',
  manual_gp: '',
  manual_internal_note: '',
});

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The body's shared part: the patient chosen or typed, the referrer, the texts. */
export function manualReferralBody(values: ManualReferralValues) {
  const typed = values.new_patient;
  const referrer: ManualReferrer = {
    directory_doctor: values.referrer.directory_doctor,
    title: (values.referrer.title as ManualReferrer['title']) ?? null,
    first_name: values.referrer.first_name,
    last_name: values.referrer.last_name,
    role: values.referrer.role,
    practice_name: blankToNull(values.referrer.practice_name),
    provider_number: blankToNull(values.referrer.provider_number),
    email: blankToNull(values.referrer.email),
    phone: blankToNull(values.referrer.phone),
  };
  return {
    ...(values.patientMode === 'find'
      ? { patient: values.patient?.id ?? null }
      : {
          new_patient: {
            first_name: typed.first_name,
            last_name: typed.last_name,
            dob: typed.dob,
            sex_at_birth: typed.sex_at_birth,
            pub_insurance_details: typed.pub_insurance_details,
            medicare_ref_num: typed.medicare_ref_num,
            phone: typed.phone,
          },
        }),
    referrer,
    referrer_message: blankToNull(values.referrer_message),
    manual_gp: blankToNull(values.manual_gp),
    manual_internal_note: blankToNull(values.manual_internal_note),
  };
}

const sexOptions = sexCodes.codes.map((code) => ({ value: code, label: sexCodes.display(code) }));
const titleOptions = titles.codes.map((code) => ({ value: code, label: titles.display(code) }));
const roleOptions = referrerRoleChoices.codes.map((code) => ({
  value: code,
  label: referrerRoleChoices.display(code),
}));

function PatientFields({ establishmentId, picker }: { establishmentId: string; picker: PatientPickerSlot }) {
  const { control } = useFormContext<ManualReferralValues>();
  const error = useFieldError();
  const mode = useWatch({ control, name: 'patientMode' });
  return (
    <Stack gap="sm" role="group" aria-labelledby="manual-patient-title">
      <Title order={3} fz="h5" id="manual-patient-title">
        Patient
      </Title>
      <Controller
        control={control}
        name="patientMode"
        render={({ field }) => (
          <SegmentedControl
            value={field.value}
            onChange={(value) => field.onChange(value)}
            aria-label="How to find the patient"
            data={[
              { value: 'letter', label: 'Details from the letter' },
              { value: 'find', label: 'Find a patient' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        )}
      />
      {mode === 'find' ? (
        <Controller
          control={control}
          name="patient"
          render={({ field }) => (
            <>
              {picker({
                establishmentId,
                value: field.value,
                onChange: field.onChange,
                error: error('patient'),
              })}
            </>
          )}
        />
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="gray.7">
            An existing record with the same Medicare number, or the same name and date of birth, is used;
            otherwise a new patient is added.
          </Text>
          {error('patient') && (
            <Text size="sm" c="red.8" role="alert">
              {error('patient')}
            </Text>
          )}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="new_patient.first_name" label="First name" withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextField name="new_patient.last_name" label="Last name" withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField name="new_patient.dob" label="Date of birth" type="date" withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <SelectField name="new_patient.sex_at_birth" label="Sex at birth" data={sexOptions} clearable />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField name="new_patient.phone" label="Phone" type="tel" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextField
                name="new_patient.pub_insurance_details"
                label="Medicare number"
                inputMode="numeric"
                placeholder="10 digits"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField name="new_patient.medicare_ref_num" label="Reference number" inputMode="numeric" />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}

const directoryRole = (entry: DoctorEntry): ReferrerRoleChoice =>
  entry.role.value === 'GP' ? 'GP' : entry.role.value === 'SP' ? 'SP' : 'OTHER';

/** The directory's entries by the start of a name or practice, to fill the referrer from. */
function useDirectorySearch(keyword: string, establishmentId: string) {
  return useQuery({
    queryKey: ['doctors', 'manual-referrer', establishmentId, keyword],
    queryFn: ({ signal }) =>
      apiClient('/api/doctors/', {
        query: { keyword, establishment: establishmentId },
        schema: DoctorEntryPageSchema,
        signal,
      }),
    enabled: keyword.trim().length >= 2,
  });
}

function ReferrerFields({ establishmentId }: { establishmentId: string }) {
  const { setValue, control } = useFormContext<ManualReferralValues>();
  const [keyword, setKeyword] = useState('');
  const [searched] = useDebouncedValue(keyword, 250);
  const found = useDirectorySearch(searched, establishmentId);
  const entries = found.data?.results ?? [];
  const chosen = useWatch({ control, name: 'referrer.directory_doctor' });
  const pick = (id: string) => {
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry) return;
    const fill = { shouldDirty: true, shouldValidate: false } as const;
    setValue('referrer.directory_doctor', entry.id, fill);
    setValue('referrer.title', entry.title?.value ?? null, fill);
    setValue('referrer.first_name', entry.first_name, fill);
    setValue('referrer.last_name', entry.last_name, fill);
    setValue('referrer.role', directoryRole(entry), fill);
    setValue('referrer.practice_name', entry.practice_name ?? '', fill);
    setValue('referrer.provider_number', entry.provider_num_list[0] ?? '', fill);
    setValue('referrer.email', entry.email ?? '', fill);
    setValue('referrer.phone', entry.phone1 ?? '', fill);
    setKeyword('');
  };
  return (
    <Stack gap="sm" role="group" aria-labelledby="manual-referrer-title">
      <Title order={3} fz="h5" id="manual-referrer-title">
        Referrer
      </Title>
      <Autocomplete
        label="Find in the directory"
        description="Start typing a name or practice; or type the referrer's details below."
        value={keyword}
        onChange={setKeyword}
        data={entries.map((entry) => ({
          value: entry.id,
          label: [personName(entry), entry.practice_name].filter(Boolean).join(', '),
        }))}
        filter={({ options }) => options}
        onOptionSubmit={pick}
        maw={560}
      />
      {chosen !== null && (
        <Text size="sm" c="gray.7">
          Filled from the directory. Changing a name below keeps the directory link.
        </Text>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <SelectField name="referrer.title" label="Title" data={titleOptions} clearable />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField name="referrer.first_name" label="First name" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextField name="referrer.last_name" label="Last name" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField name="referrer.role" label="Referrer role" data={roleOptions} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextField name="referrer.practice_name" label="Practice" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField name="referrer.provider_number" label="Provider number" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField name="referrer.phone" label="Phone" type="tel" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField name="referrer.email" label="Email" type="email" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Patient, referrer and the letter's texts, inside a FormProvider of ManualReferralValues. */
export function ManualReferralFields({ establishmentId }: { establishmentId: string }) {
  const patientPicker = usePatientPicker();
  return (
    <Stack gap="xl">
      <PatientFields establishmentId={establishmentId} picker={patientPicker} />
      <ReferrerFields establishmentId={establishmentId} />
      <Stack gap="sm" role="group" aria-labelledby="manual-referral-title">
        <Title order={3} fz="h5" id="manual-referral-title">
          The referral
        </Title>
        <TextareaField
          name="referrer_message"
          label="Reason for referral"
          description="As the letter gives it, for the team that triages it."
        />
        <TextField
          name="manual_gp"
          label="Patient's usual GP"
          description="When the referrer is someone else."
        />
        <TextareaField
          name="manual_internal_note"
          label="Internal note"
          description="Seen only by your establishment."
          rows={2}
        />
      </Stack>
    </Stack>
  );
}
