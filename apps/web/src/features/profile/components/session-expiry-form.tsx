import { Group, NumberInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { SESSION_INACTIVITY_TIMEOUT_MS } from '@referrals/domain/constants';
import {
  ProfileUpdateSchema,
  SESSION_EXPIRY_MINUTES,
  type Profile,
} from '@referrals/domain/profile/profile-schemas';
import { Controller, useForm } from 'react-hook-form';
import { FormFooter } from '@/ui/form-footer';
import { useProfileFormSave } from './use-profile-save';

const FIELDS = ['session_expiry'] as const;
const DEFAULT_MINUTES = SESSION_INACTIVITY_TIMEOUT_MS / 60_000;
const SessionExpirySchema = ProfileUpdateSchema.pick({ session_expiry: true });

/** Minutes of inactivity before sign-out, 5 to 720; empty means the 30-minute default (spec section 9). */
export function SessionExpiryForm({ profile }: { profile: Profile }) {
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(SessionExpirySchema),
    defaultValues: { session_expiry: profile.session_expiry },
  });
  const { submit, formError, saving } = useProfileFormSave(profile, FIELDS, setError);

  const onSubmit = handleSubmit(async (values) => {
    if ((await submit({ session_expiry: values.session_expiry ?? null })) !== null) {
      notifications.show({ color: 'green', title: 'Saved', message: 'Your session length was saved.' });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Group align="flex-start">
          <Controller
            control={control}
            name="session_expiry"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Sign me out after (minutes of inactivity)"
                description={`From ${SESSION_EXPIRY_MINUTES.min} to ${SESSION_EXPIRY_MINUTES.max} minutes. Leave empty for the default of ${DEFAULT_MINUTES} minutes.`}
                placeholder={`${DEFAULT_MINUTES} (default)`}
                min={SESSION_EXPIRY_MINUTES.min}
                max={SESSION_EXPIRY_MINUTES.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                w={{ base: '100%', sm: 420 }}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Group>
        <FormFooter submitLabel="Save session length" saving={saving} formError={formError} />
      </Stack>
    </form>
  );
}
