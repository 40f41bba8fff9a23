import {
  Alert,
  Button,
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
import { personName } from '@referrals/domain/people/person-name';
import {
  RECEIVER_TYPES,
  RECEIVER_TYPE_LABELS,
  offeredReceivers,
  type ReceiverType,
} from '@referrals/domain/referrals/referral-receivers';
import { useState, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/ui/form-fields';
import { ListSearchInput, useListSearch } from '@/ui/list-search';
import { useDepartmentDoctors, useReceiverSearch } from './receiver-calls';
import { draftReceiverOf, type DraftReceiver, type DraftValues } from './draft-values';
import { UnlistedReceiverFields } from './unlisted-receiver-fields';

function addressOf(place: Establishment): string {
  return [place.address1, place.city, place.state, place.postcode].filter(Boolean).join(', ');
}

/** What a send/:establishment_slug link brought: the receiver to preselect, or why it could not be. */
export type LinkedReceiver = { place: Establishment } | { refusal: string };

type ReceiverStepProps = {
  currentEstablishmentId: string | null;
  /** The receiver's type when reopening a draft, so its list is the one shown. */
  initialType: ReceiverType;
  /** The form's receiver is a department (a reopened draft's or a link's): its hospital is shown chosen. */
  receiverIsDepartment: boolean;
  /** The saved assignee, offered even before the receiver's doctors load. */
  savedAssignee: { id: string; name: string } | null;
  /** The receiver a send/ link named (already the form's receiver), or why it is not; none without a link. */
  linked?: LinkedReceiver;
};

/**
 * Step 0: the receiving establishment of the chosen type (Specialist Clinics, hospitals with their
 * departments, practices), searched by name, then a named specialist there or 'no named specialist'.
 * A receiver not in the list is described by hand instead (UnlistedReceiverFields).
 */
export function ReceiverStep(props: ReceiverStepProps) {
  const { setValue, watch, clearErrors } = useFormContext<DraftValues>();
  const unlisted = watch('type') === 'MANUAL';
  const switchTo = (type: DraftValues['type']) => {
    clearErrors();
    setValue('type', type, { shouldDirty: true });
  };
  return (
    <Stack gap="md">
      {props.linked !== undefined && <LinkedReceiverNote linked={props.linked} />}
      {unlisted ? (
        <>
          <UnlistedReceiverFields />
          <Group>
            <Button variant="subtle" px={0} onClick={() => switchTo('IN-APP')}>
              Choose a receiver from the list instead
            </Button>
          </Group>
        </>
      ) : (
        <ListedReceiver
          {...props}
          notListed={
            <Group gap="xs">
              <Text size="sm" c="gray.7">
                Not in the list?
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => switchTo('MANUAL')}>
                Enter the receiver’s details
              </Button>
            </Group>
          }
        />
      )}
    </Stack>
  );
}

function LinkedReceiverNote({ linked }: { linked: LinkedReceiver }) {
  if ('refusal' in linked) {
    return (
      <Alert color="yellow" variant="light" title="The link’s receiver cannot be used" role="status">
        {linked.refusal}
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" title={`Sending to ${linked.place.name}`}>
      The link you followed chose this receiver. You can choose another one below.
    </Alert>
  );
}

function ListedReceiver({
  currentEstablishmentId,
  initialType,
  receiverIsDepartment,
  savedAssignee,
  linked,
  notListed,
}: ReceiverStepProps & { notListed: ReactNode }) {
  const { control, setValue, watch, getValues } = useFormContext<DraftValues>();
  const error = useFieldError();
  const [type, setType] = useState<ReceiverType>(initialType);
  const search = useListSearch();
  const list = useReceiverSearch(type, search.searched);
  const linkedPlace = linked !== undefined && 'place' in linked ? linked.place : undefined;
  const found = offeredReceivers(list.data?.results ?? [], type, currentEstablishmentId);
  // The link's receiver heads the list until the sender searches, even when it is not on the first page.
  const offered =
    linkedPlace !== undefined &&
    search.searched === '' &&
    linkedPlace.type.value === type &&
    !found.some((place) => place.id === linkedPlace.id)
      ? [linkedPlace, ...found]
      : found;
  const receiver = watch('to_establishment');
  const noNamed = watch('no_named_specialist');
  // A department is chosen within its hospital: the hospital row stays selected. A department the step
  // opens with (undefined until the sender chooses) names its hospital in its own details.
  const [pickedHospitalId, setHospitalId] = useState<string | null | undefined>(
    receiverIsDepartment ? undefined : null,
  );
  const department = useDepartmentDoctors(pickedHospitalId === null ? null : (receiver?.id ?? null));
  const hospitalId =
    pickedHospitalId === undefined ? (department.data?.hospital?.id ?? null) : pickedHospitalId;
  const chosen = offered.find((place) => place.id === (hospitalId ?? receiver?.id));

  const setReceiver = (next: DraftReceiver) => {
    setValue('to_establishment', next, { shouldDirty: true });
    setValue('assignee', null, { shouldDirty: true });
    // A request for advice goes only to a receiver that takes them.
    if (!next.accepts_advice_and_guidance && getValues('type') === 'ADVICE_AND_GUIDANCE') {
      setValue('type', 'IN-APP', { shouldDirty: true });
    }
  };
  const choose = (place: Establishment) => {
    setHospitalId(null);
    setReceiver(draftReceiverOf(place, place.name));
  };
  // A department's own doctors once one is chosen; until then the hospital's. A link to a department
  // brings that department's.
  const shownPlace = chosen ?? (receiver?.id === linkedPlace?.id ? linkedPlace : undefined);
  const doctors = hospitalId === null ? shownPlace?.doctors : department.data?.doctors;
  const assignees = (doctors ?? []).map((doctor) => ({ value: doctor.id, label: personName(doctor) }));
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
      {notListed}
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
            setReceiver(draftReceiverOf(department, `${department.name}, ${chosen.name}`));
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
                placeholder={
                  hospitalId !== null && department.isPending
                    ? 'Loading the department’s specialists'
                    : assignees.length === 0
                      ? 'No specialists listed'
                      : 'Choose a specialist'
                }
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
      {receiver?.accepts_advice_and_guidance === true && <RequestKindChoice />}
      {receiver !== null && (
        <Text size="sm" c="gray.7">
          Sending to <strong>{receiver.name}</strong>
        </Text>
      )}
    </Stack>
  );
}

/**
 * For a receiver that takes advice and guidance requests: a referral, or a question for its clinicians,
 * who answer with advice or convert the request into a referral (section 1, ADVICE_AND_GUIDANCE).
 */
function RequestKindChoice() {
  const { control } = useFormContext<DraftValues>();
  return (
    <Controller
      control={control}
      name="type"
      render={({ field }) => (
        <Radio.Group
          label={
            <Title order={3} fz="h5">
              What are you sending?
            </Title>
          }
          value={field.value}
          onChange={field.onChange}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="IN-APP"
              label="A referral"
              description="The receiver triages and sees the patient."
            />
            <Radio
              value="ADVICE_AND_GUIDANCE"
              label="A request for advice and guidance"
              description="Ask the receiver’s clinicians a question first. They answer with advice, or convert your request into a referral."
            />
          </Stack>
        </Radio.Group>
      )}
    />
  );
}
