import { Stack, Textarea, Title } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { TextField, useFieldError } from '@/ui/form-fields';
import type { DraftValues } from './draft-values';

/** Step 4: the letter's message, the referrer's provider number, and a supervisor for those supervised. */
export function DetailsStep() {
  const { register } = useFormContext<DraftValues>();
  const error = useFieldError();
  return (
    <Stack gap="md">
      <Textarea
        label="Message to the receiver"
        withAsterisk
        rows={4}
        {...register('referrer_message')}
        error={error('referrer_message')}
      />
      <TextField name="referrer_provider_num" label="Your provider number" maw={320} />
      <Title order={3} fz="h5" mt="sm">
        Supervisor
      </Title>
      <TextField name="supervisor_name" label="Supervisor’s name" maw={420} />
      <TextField name="supervisor_provider_number" label="Supervisor’s provider number" maw={320} />
      <TextField name="supervisor_email" label="Supervisor’s email" type="email" maw={420} />
    </Stack>
  );
}
