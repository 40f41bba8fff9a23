import {
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Establishment } from '@referrals/domain/establishments/establishment-schemas';
import {
  RECEIVER_TYPES,
  RECEIVER_TYPE_LABELS,
  offeredReceivers,
  type ReceiverType,
} from '@referrals/domain/referrals/referral-receivers';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/ui/form-fields';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { useReceiverSearch } from './receiver-calls';
import type { DraftValues } from './draft-values';

function addressOf(place: Establishment): string {
  return [place.address1, place.city, place.state, place.postcode].filter(Boolean).join(', ');
}

const doctorName = (doctor: NonNullable<Establishment['doctors']>[number]) =>
  `${doctor.title} ${doctor.first_name} ${doctor.last_name}`.trim();

type ReceiverStepProps = {
  currentEstablishmentId: string | null;
  /** The receiver's type when reopening a draft, so its list is the one shown. */
  initialType: ReceiverType;
  /** The saved assignee, offered even before the receiver's doctors load. */
  savedAssignee: { id: string; name: string } | null;
};

/**
 * Step 0: the receiving establishment of the chosen type (Specialist Clinics, hospitals with their
 * departments, practices), searched by name, then a named specialist there or 'no named specialist'.
 */
export function ReceiverStep({ currentEstablishmentId, initialType, savedAssignee }: ReceiverStepProps) {
  const { control, setValue, watch } = useFormContext<DraftValues>();
  const error = useFieldError();
  const [type, setType] = useState<ReceiverType>(initialType);
  const search = useListSearch();
  const list = useReceiverSearch(type, search.searched);
  const offered = offeredReceivers(list.data?.results ?? [], type, currentEstablishmentId);
  const receiver = watch('to_establishment');
  const noNamed = watch('no_named_specialist');
  // A department is chosen within its hospital: the hospital row stays selected.
  const [hospitalId, setHospitalId] = useState<string | null>(null);
  const chosen = offered.find((place) => place.id === (hospitalId ?? receiver?.id));

  const choose = (place: Establishment) => {
    setHospitalId(null);
    setValue('to_establishment', { id: place.id, name: place.name }, { shouldDirty: true });
    setValue('assignee', null, { shouldDirty: true });
  };
  const assignees = [
    ...(chosen?.doctors ?? []).map((doctor) => ({ value: doctor.id, label: doctorName(doctor) })),
  ];
  if (savedAssignee !== null && !assignees.some((option) => option.value === savedAssignee.id)) {
    assignees.push({ value: savedAssignee.id, label: savedAssignee.name });
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Type of receiver"
        value={type}
        onChange={setType}
        data={RECEIVER_TYPES.map((value) => ({ value, label: RECEIVER_TYPE_LABELS[value] }))}
        fullWidth
      />
      <ListSearchInput
        label="Search by name"
        value={search.keyword}
        onSearch={search.setKeyword}
        busy={list.isFetching}
      />
      <Controller
        control={control}
        name="to_establishment"
        render={() => (
          <Radio.Group
            label={
              <Title order={3} fz="h5">
                {RECEIVER_TYPE_LABELS[type]}
              </Title>
            }
            value={hospitalId ?? receiver?.id ?? null}
            onChange={(id) => {
              const place = offered.find((entry) => entry.id === id);
              if (place) choose(place);
            }}
            error={error('to_establishment')}
          >
            <Stack gap="xs" mt="xs">
              {list.isPending && <Loader size="sm" aria-label="Loading receivers" />}
              {list.isError && (
                <Text size="sm" c="red.8" role="alert">
                  The receivers could not be loaded. Please try again.
                </Text>
              )}
              {list.isSuccess && offered.length === 0 && (
                <Text size="sm" c="gray.7">
                  No {RECEIVER_TYPE_LABELS[type].toLowerCase()} match your search.
                </Text>
              )}
              {offered.map((place) => (
                <Paper key={place.id} withBorder radius="md" p="sm">
                  <Radio value={place.id} label={place.name} description={addressOf(place)} />
                </Paper>
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {chosen !== undefined && chosen.departments.length > 0 && (
        <Select
          label="Department"
          placeholder="The hospital itself"
          clearable
          data={chosen.departments.map((department) => ({ value: department.id, label: department.name }))}
          value={hospitalId === null ? null : (receiver?.id ?? null)}
          onChange={(id) => {
            const department = chosen.departments.find((entry) => entry.id === id);
            if (department === undefined) return choose(chosen);
            setHospitalId(chosen.id);
            setValue(
              'to_establishment',
              { id: department.id, name: `${department.name}, ${chosen.name}` },
              { shouldDirty: true },
            );
            setValue('assignee', null, { shouldDirty: true });
          }}
        />
      )}
      {receiver !== null && (
        <Group align="flex-end" gap="lg">
          <Controller
            control={control}
            name="assignee"
            render={({ field }) => (
              <Select
                label="Specialist"
                placeholder={assignees.length === 0 ? 'No specialists listed' : 'Choose a specialist'}
                data={assignees}
                value={field.value}
                onChange={field.onChange}
                disabled={noNamed}
                clearable
                error={error('assignee')}
                w={320}
              />
            )}
          />
          <Checkbox
            label="No named specialist"
            checked={noNamed}
            onChange={(event) =>
              setValue('no_named_specialist', event.currentTarget.checked, { shouldDirty: true })
            }
            mb={8}
          />
        </Group>
      )}
      {receiver !== null && (
        <Text size="sm" c="gray.7">
          Sending to <strong>{receiver.name}</strong>
        </Text>
      )}
    </Stack>
  );
}
