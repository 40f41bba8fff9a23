import { Checkbox, NumberInput, Stack, Switch, Title } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/ui/form-fields';
import type { DraftValues } from './draft-values';

const NOTIFY = [
  ['email_notify_referrer', 'Email me when the receiver acts on the referral'],
  ['email_notify_patient', 'Email the patient when the receiver acts on the referral'],
  ['email_copy_to_referrer', 'Email me a copy of the referral'],
  ['email_copy_to_patient', 'Email the patient a copy of the referral'],
] as const;

const HIDE_CONTACT = [
  ['hide_referrer_contact_from_patient', 'From the patient'],
  ['hide_referrer_contact_from_assignee', 'From the specialist'],
  ['hide_referrer_contact_from_others', 'From everyone else'],
] as const;

/** Step 5: how long the referral is valid and whether it renews, and who is told what. */
export function RenewalStep() {
  const { control, register } = useFormContext<DraftValues>();
  const error = useFieldError();
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="duration"
        render={({ field }) => (
          <NumberInput
            label="Valid for (months)"
            min={1}
            max={120}
            value={field.value}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : 1)}
            error={error('duration')}
            maw={200}
          />
        )}
      />
      <Switch label="Renew automatically when it expires" {...register('automatic_renewal')} />
      <Title order={3} fz="h5" mt="sm">
        Notifications
      </Title>
      {NOTIFY.map(([name, label]) => (
        <Checkbox key={name} label={label} {...register(name)} />
      ))}
      <Title order={3} fz="h5" mt="sm">
        Hide your contact details
      </Title>
      {HIDE_CONTACT.map(([name, label]) => (
        <Checkbox key={name} label={label} {...register(name)} />
      ))}
    </Stack>
  );
}
