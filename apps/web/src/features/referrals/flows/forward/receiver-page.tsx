import { Select, Stack } from '@mantine/core';
import type { Referral } from '@referrals/domain/referrals/referral-schemas';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, SelectField, useFieldError } from '@/ui/form-fields';
import { MessageField } from '../flow-fields';
import type { ForwardValues } from './forward-values';
import { useReceiverSearch } from './search-receivers';

/**
 * Forward page 1: the new receiver, found by name, and a named specialist there or none (spec section 5
 * Server field errors, Forward page 1). Your own establishment and personal spaces cannot receive it.
 */
export function ReceiverPage({ referral }: { referral: Referral }) {
  const { control, setValue } = useFormContext<ForwardValues>();
  const error = useFieldError();
  const [keyword, setKeyword] = useState('');
  const search = useReceiverSearch(keyword);
  const [chosenId, chosenName, doctors, noNamedSpecialist] = useWatch({
    control,
    name: [
      'forwarded_to_establishment',
      'receiver_name',
      'receiver_doctors',
      'forwarded_no_named_specialist',
    ],
  });
  const found = (search.data?.results ?? []).filter(
    (place) => place.id !== referral.to_establishment?.id && place.type.value !== 'PA',
  );
  const options = found.map((place) => ({ value: place.id, label: place.name }));
  // The chosen receiver stays an option while another name is being searched, so its name still shows.
  if (chosenId !== '' && !options.some((option) => option.value === chosenId)) {
    options.unshift({ value: chosenId, label: chosenName });
  }
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="forwarded_to_establishment"
        render={({ field }) => (
          <Select
            label="New receiver"
            description="Type at least two letters of the establishment's name."
            placeholder="Search establishments"
            searchable
            withAsterisk
            data={options}
            filter={({ options: all }) => all}
            nothingFoundMessage={
              keyword.trim().length >= 2 && !search.isFetching ? 'No establishment found' : null
            }
            value={field.value === '' ? null : field.value}
            onSearchChange={setKeyword}
            onChange={(id) => {
              const place = found.find((candidate) => candidate.id === id);
              field.onChange(id ?? '');
              setValue('receiver_name', place?.name ?? '');
              setValue(
                'receiver_doctors',
                (place?.doctors ?? []).map((doctor) => ({
                  value: doctor.id,
                  label: `${doctor.title} ${doctor.first_name} ${doctor.last_name}`,
                })),
              );
              setValue('forwarded_assignee', null);
            }}
            onBlur={field.onBlur}
            error={error('forwarded_to_establishment')}
          />
        )}
      />
      <CheckboxField name="forwarded_no_named_specialist" label="No named specialist" />
      {!noNamedSpecialist && (
        <SelectField
          name="forwarded_assignee"
          label="Named specialist"
          data={doctors}
          placeholder={chosenId === '' ? 'Choose the receiver first' : 'Choose a doctor there'}
          withAsterisk
        />
      )}
      <MessageField
        name="forwarded_message"
        templateType="forward"
        label="Message to the new receiver"
        description="Why you are forwarding it and what they should know."
      />
    </Stack>
  );
}
