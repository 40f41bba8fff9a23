import { Stack, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ProfileUpdateSchema,
  type EmailNotificationField,
  type Profile,
} from '@referrals/domain/profile/profile-schemas';
import { allowedNotificationFields } from '@referrals/domain/profile/profile-save-rules';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { NOTIFICATION_LABELS } from '../notification-labels';
import { FormFooter } from './form-footer';
import { useProfileFormSave } from './use-profile-save';

/** Email notification choices: only the flags the user's permissions allow (spec section 5 Profile save). */
export function NotificationSettingsForm({ profile }: { profile: Profile }) {
  const fields = allowedNotificationFields(profile.permissions);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: Object.fromEntries(fields.map((field) => [field, profile[field]])) as Partial<
      Record<EmailNotificationField, boolean>
    >,
  });
  const { submit, formError, saving } = useProfileFormSave(profile, fields, setError);

  const onSubmit = handleSubmit(async (values) => {
    const update = Object.fromEntries(fields.map((field) => [field, values[field] === true]));
    if ((await submit(update)) !== null) {
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: 'Your notification choices were saved.',
      });
    }
  });

  if (fields.length === 0) {
    return (
      <Text c="gray.7">
        There are no email notifications for your role. In-app notifications appear under the bell at the top.
      </Text>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          Email me when:
        </Text>
        <Stack gap="sm">
          {fields.map((field) => (
            <Controller
              key={field}
              control={control}
              name={field}
              render={({ field: input, fieldState }) => (
                <Switch
                  label={NOTIFICATION_LABELS[field]}
                  checked={input.value === true}
                  onChange={(event) => input.onChange(event.currentTarget.checked)}
                  onBlur={input.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
        </Stack>
        <FormFooter submitLabel="Save notifications" saving={saving} formError={formError} />
      </Stack>
    </form>
  );
}
