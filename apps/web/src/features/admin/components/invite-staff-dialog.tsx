import { Alert, Button, Grid, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { INVITE_VALID_DAYS } from '@referrals/domain/people/employment-rules';
import { EmploymentInviteSchema } from '@referrals/domain/people/employment-schemas';
import { roles, titles } from '@referrals/domain/people/people-codes';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { showSaveError } from '@/lib/form-errors';
import { useInviteStaff } from '../api/invite-staff';

const INVITE_FIELDS = ['email', 'title', 'first_name', 'last_name', 'role'] as const;
type InviteValues = (typeof EmploymentInviteSchema)['_input'];

const titleOptions = titles.codes.map((code) => ({ value: code, label: titles.display(code) }));
const roleOptions = roles.codes.map((code) => ({ value: code, label: roles.display(code) }));

const EMPTY: InviteValues = { email: '', title: 'DR', first_name: '', last_name: '', role: 'GP' };

type InviteStaffDialogProps = {
  opened: boolean;
  onClose: () => void;
  establishment: { id: string; name: string };
};

/**
 * Invite a colleague by email (spec section 2 admin portal; POST establishments/{id}/invitations/): the
 * server's field errors are shown on the form's own fields, anything else above its buttons.
 */
export function InviteStaffDialog({ opened, onClose, establishment }: InviteStaffDialogProps) {
  const invite = useInviteStaff(establishment.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(EmploymentInviteSchema), defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    setFormError(null);
    invite.reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await invite.mutateAsync(values);
      notifications.show({
        color: 'green',
        title: 'Invitation sent',
        message: `We emailed ${values.email} a link to join ${establishment.name}. It is valid for ${INVITE_VALID_DAYS} days.`,
      });
      close();
    } catch (error) {
      showSaveError(error, {
        fields: INVITE_FIELDS,
        onField: (path, message) => setError(path as Path<InviteValues>, { type: 'server', message }),
        onForm: setFormError,
        fallback: 'The invitation could not be sent. Please try again.',
      });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite a colleague" centered size="lg">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.7" lh={1.6}>
            They get an email with a link to join {establishment.name}. Someone new to Referrals sets up their
            account from the same link.
          </Text>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="off"
            data-autofocus
            {...register('email')}
            error={errors.email?.message}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Controller
                control={control}
                name="title"
                render={({ field }) => (
                  <Select
                    label="Title"
                    data={titleOptions}
                    value={field.value ?? null}
                    onChange={(value) => field.onChange(value ?? undefined)}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={errors.title?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4.5 }}>
              <TextInput
                label="First name"
                withAsterisk
                {...register('first_name')}
                error={errors.first_name?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4.5 }}>
              <TextInput
                label="Last name"
                withAsterisk
                {...register('last_name')}
                error={errors.last_name?.message}
              />
            </Grid.Col>
          </Grid>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                description="Used when the invitation creates their account; an existing account keeps its role."
                withAsterisk
                data={roleOptions}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={errors.role?.message}
              />
            )}
          />
          {formError !== null && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
