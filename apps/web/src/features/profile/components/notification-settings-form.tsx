import { Stack, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from '@referrals/domain/api';
import {
  ProfileUpdateSchema,
  type EmailNotificationField,
  type Profile,
} from '@referrals/domain/profile/profile-schemas';
import { allowedNotificationFields } from '@referrals/domain/profile/profile-save-rules';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { NOTIFICATION_LABELS } from '../notification-labels';
import { FormFooter } from '@/ui/form-footer';
import { useProfileFormSave } from './use-profile-save';

type NotificationSettingsFormProps = {
  profile: Profile;
  /** Settings saves with 'Save notifications' and a toast; the wizard (page 5) goes on with 'Next'. */
  submitLabel?: string;
  onSaved?: (profile: Profile) => void;
  onBack?: () => void;
  /** Errors from elsewhere (the register call) to show when the form opens. */
  initialErrors?: FieldErrors;
};

/**
 * Email notification choices: only the flags the user's permissions allow (spec section 5 Profile save).
 * Used by Settings, Notifications and registration page 5.
 */
export function NotificationSettingsForm({
  profile,
  submitLabel = 'Save notifications',
  onSaved,
  onBack,
  initialErrors,
}: NotificationSettingsFormProps) {
  const fields = allowedNotificationFields(profile.permissions);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: Object.fromEntries(fields.map((field) => [field, profile[field]])) as Partial<
      Record<EmailNotificationField, boolean>
    >,
  });
  const { submit, formError, saving } = useProfileFormSave(profile, fields, setError, initialErrors);

  const onSubmit = handleSubmit(async (values) => {
    const update = Object.fromEntries(fields.map((field) => [field, values[field] === true]));
    const saved = await submit(update);
    if (saved === null) return;
    if (onSaved !== undefined) {
      onSaved(saved);
      return;
    }
    notifications.show({
      color: 'green',
      title: 'Saved',
      message: 'Your notification choices were saved.',
    });
  });

  const none = (
    <Text c="gray.7">
      There are no email notifications for your role. In-app notifications appear under the bell at the top.
    </Text>
  );
  if (fields.length === 0 && onSaved === undefined) return none;
  if (fields.length === 0) {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSaved?.(profile);
        }}
      >
        <Stack gap="lg">
          {none}
          <FormFooter submitLabel={submitLabel} saving={false} onBack={onBack} />
        </Stack>
      </form>
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
        <FormFooter submitLabel={submitLabel} saving={saving} formError={formError} onBack={onBack} />
      </Stack>
    </form>
  );
}
