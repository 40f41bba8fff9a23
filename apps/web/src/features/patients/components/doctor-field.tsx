import { Select, Stack, Text } from '@mantine/core';
import type { Provider } from '@referrals/domain/directory/doctor-schemas';
import type { PatientDoctor } from '@referrals/domain/patients/patient-schemas';
import { personName } from '@referrals/domain/people/person-name';
import { useState } from 'react';
import { Controller, useFormContext, type FieldValues } from 'react-hook-form';
import { useFieldError } from '@/ui/form-fields';
import { useSelectSearch } from '@/ui/list-search';
import { useDoctorSearch } from '../api/search-doctors';

type DoctorOption = { value: string; label: string };

/** What tells two doctors of the same name apart: their role and where they practise. */
function doctorDetail(provider: Provider): string {
  return [provider.role.display, ...provider.establishments.map((place) => place.name)].join(' · ');
}

/**
 * The patient's doctor (`doctor`, a user id or null): a select that searches the platform's providers as
 * the user types. Until something is typed it offers only the doctor already chosen, so opening it never
 * lists the whole platform.
 */
export function DoctorField({ doctor }: { doctor: PatientDoctor | null | undefined }) {
  const { control } = useFormContext<FieldValues>();
  const error = useFieldError();
  const [chosen, setChosen] = useState<DoctorOption | null>(
    doctor ? { value: doctor.id, label: personName(doctor) } : null,
  );
  const [search, setSearch] = useState(chosen?.label ?? '');
  const { typed, searched: keyword, waiting } = useSelectSearch(search, chosen?.label ?? null);
  const found = useDoctorSearch(keyword);
  const results = keyword === '' ? [] : (found.data?.results ?? []);
  const details = new Map(results.map((provider) => [provider.id, doctorDetail(provider)]));
  const options: DoctorOption[] =
    typed === ''
      ? chosen === null
        ? []
        : [chosen]
      : results.map((provider) => ({ value: provider.id, label: personName(provider) }));

  let nothingFound = 'Type a name to find a doctor.';
  if (typed !== '') {
    nothingFound = found.isFetching || waiting ? 'Searching…' : `No provider matches “${typed}”.`;
  }

  return (
    <Controller
      control={control}
      name="doctor"
      render={({ field }) => (
        <Select
          ref={field.ref}
          label="Doctor"
          placeholder="Search providers by name"
          data={options}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server has already matched every word of the search; Mantine's own filter would not.
          filter={({ options: all }) => all}
          nothingFoundMessage={nothingFound}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {details.has(option.value) && (
                <Text size="xs" c="gray.7">
                  {details.get(option.value)}
                </Text>
              )}
            </Stack>
          )}
          clearable
          // Mantine hides its clear button from keyboards and screen readers, but removing the doctor is a
          // choice of its own; a reachable button must then be a 24px target (WCAG 2.5.8), so it takes the
          // chevron's place rather than squeezing beside it.
          clearButtonProps={{
            'aria-label': 'Remove the doctor',
            'aria-hidden': false,
            tabIndex: 0,
            size: 'md',
          }}
          clearSectionMode="clear"
          value={(field.value as string | null | undefined) ?? null}
          onChange={(value, option) => {
            setChosen(value === null || option === null ? null : { value, label: option.label });
            field.onChange(value);
          }}
          onBlur={field.onBlur}
          error={error('doctor')}
        />
      )}
    />
  );
}
