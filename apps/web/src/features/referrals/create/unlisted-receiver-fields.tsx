import { Alert, Grid, Stack, Title } from '@mantine/core';
import { auStates } from '@referrals/domain/establishments/establishment-codes';
import { titles } from '@referrals/domain/people/people-codes';
import {
  RECEIVER_TYPES,
  RECEIVER_TYPE_LABELS,
  UNLISTED_RECEIVER_FIELDS,
  unlistedReceiverErrors,
} from '@referrals/domain/referrals/referral-receivers';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { SelectField, TextField } from '@/ui/form-fields';
import type { DraftValues } from './draft-values';

const stateOptions = auStates.codes.map((code) => ({ value: code, label: code }));
const titleOptions = titles.codes.map((code) => ({ value: code, label: titles.display(code) }));
const typeOptions = RECEIVER_TYPES.map((value) => ({ value, label: RECEIVER_TYPE_LABELS[value] }));

/**
 * The receiver's details typed by hand when they are not in the list (section 3 receiver-details fields;
 * section 5 newOtherHCP). The referral does not reach them in the app, so the note says what happens.
 */
export function UnlistedReceiverFields() {
  const { subscribe, getValues, getFieldState, clearErrors } = useFormContext<DraftValues>();
  // A message goes as soon as its field is put right; new ones wait for Next, not for each keystroke.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (!UNLISTED_RECEIVER_FIELDS.some((field) => field === name)) return;
          const shown = UNLISTED_RECEIVER_FIELDS.filter((field) => getFieldState(field).error !== undefined);
          if (shown.length === 0) return;
          const remaining = unlistedReceiverErrors(getValues());
          const putRight = shown.filter((field) => !(field in remaining));
          if (putRight.length > 0) clearErrors(putRight);
        },
      }),
    [subscribe, getValues, getFieldState, clearErrors],
  );
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" title="A receiver not listed">
        They do not use Referrals, so the referral is not delivered in the app. Once it is submitted, send
        them the referral letter from the referral’s page. Give at least the practice’s name and an email
        address or phone number.
      </Alert>
      <Title order={3} fz="h5">
        Practice
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextField
            name="referral_receiver_establishment_practice_name"
            label="Practice name"
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            name="referral_receiver_establishment_type"
            label="Type of practice"
            data={typeOptions}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextField name="referral_receiver_establishment_department_name" label="Department" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField
            name="referral_receiver_establishment_email"
            label="Email"
            type="email"
            description="An email address or a phone number is needed."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField
            name="referral_receiver_establishment_phone1"
            label="Phone"
            type="tel"
            description="An email address or a phone number is needed."
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextField name="referral_receiver_establishment_address1" label="Address" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField name="referral_receiver_establishment_city" label="Suburb or city" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <SelectField
            name="referral_receiver_establishment_state"
            label="State"
            data={stateOptions}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextField
            name="referral_receiver_establishment_postcode"
            label="Postcode"
            inputMode="numeric"
            maxLength={4}
          />
        </Grid.Col>
      </Grid>
      <Title order={3} fz="h5">
        Specialist, if you know who should see the patient
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <SelectField name="referral_receiver_title" label="Title" data={titleOptions} clearable />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField name="referral_receiver_first_name" label="First name" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextField name="referral_receiver_last_name" label="Last name" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
