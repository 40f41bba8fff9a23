import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, TextareaField, TextField } from '@/ui/form-fields';
import { AppointmentFields } from '../flow-fields';
import type { TriageValues } from './triage-action';

/**
 * Page 2: book the appointment or waitlist; or skip scheduling, which accepts the referral and goes on to
 * the notifications (spec section 4 Receiver triage flow).
 */
export function SchedulingPage({ next }: { next: () => void }) {
  const { control, setValue } = useFormContext<TriageValues>();
  const scheduling = useWatch({ control, name: 'scheduling' });
  return (
    <Stack gap="lg">
      <Controller
        control={control}
        name="scheduling"
        render={({ field }) => (
          <Radio.Group
            label="What happens next"
            value={field.value === 'skip' ? null : field.value}
            onChange={(value) => field.onChange(value)}
          >
            <Group gap="xl" mt="xs">
              <Radio value="schedule" label="Book an appointment" />
              <Radio value="waitlist" label="Add to the waitlist" />
            </Group>
          </Radio.Group>
        )}
      />
      {scheduling === 'schedule' && (
        <Stack gap="md">
          <AppointmentFields />
          <CheckboxField
            name="show_appointment_details"
            label="Show the appointment details to the referrer"
          />
        </Stack>
      )}
      {scheduling === 'waitlist' && (
        <Stack gap="md">
          <TextField
            name="waitlist_period"
            label="Expected wait"
            placeholder="e.g. 6 to 8 weeks"
            withAsterisk
          />
          <TextareaField name="waitlist_notes" label="Waitlist notes" />
        </Stack>
      )}
      <Group gap="sm" align="center">
        <Button
          variant="light"
          onClick={() => {
            setValue('scheduling', 'skip');
            next();
          }}
        >
          Skip scheduling
        </Button>
        <Text size="sm" c="gray.7">
          Accept the referral now and book the appointment later.
        </Text>
      </Group>
    </Stack>
  );
}
