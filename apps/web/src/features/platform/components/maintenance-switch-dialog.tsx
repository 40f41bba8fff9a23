import { Button, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAINTENANCE_MESSAGE_MAX,
  MaintenanceWriteSchema,
  type Maintenance,
} from '@referrals/domain/maintenance/maintenance-schemas';
import { useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { showSaveError } from '@/lib/form-errors';
import { TextareaField, TextField } from '@/ui/form-fields';
import { FormFooter } from '@/ui/form-footer';
import { useSwitchMaintenance } from '../api/maintenance';

/** The dialog's fields: the note as the API takes it, the expected end as the browser's local date and time. */
const MaintenanceFormSchema = z.object({
  message: MaintenanceWriteSchema.shape.message,
  expected_end: z.string(),
});
type MaintenanceFormInput = z.input<typeof MaintenanceFormSchema>;
type MaintenanceFormValues = z.output<typeof MaintenanceFormSchema>;

/** A datetime-local value as the API's instant (api-conventions.md Bodies); null when empty. */
function localToInstant(local: string): string | null {
  if (local === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** Now as a datetime-local value, the earliest expected end the browser offers. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * Confirms switching the service down for maintenance, with an optional note and expected end for the
 * maintenance page, or back up. Cancel has the focus first: a switch is never made by an Enter too many.
 * It sends the version read, so a switch another administrator made meanwhile is refused, not undone.
 */
export function MaintenanceSwitchDialog({
  maintenance,
  turningOn,
  opened,
  onClose,
}: {
  maintenance: Maintenance;
  /** Switching on (down for maintenance) rather than off. */
  turningOn: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const switchMaintenance = useSwitchMaintenance();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<MaintenanceFormInput, unknown, MaintenanceFormValues>({
    resolver: zodResolver(MaintenanceFormSchema),
    defaultValues: { message: '', expected_end: '' },
  });
  const close = () => {
    form.reset();
    setFormError(null);
    switchMaintenance.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await switchMaintenance.mutateAsync({
        maintenance: turningOn,
        ...(turningOn ? { message: values.message, expected_end: localToInstant(values.expected_end) } : {}),
        version: maintenance.version,
      });
      close();
    } catch (error) {
      showSaveError(error, {
        fields: ['message', 'expected_end'],
        onField: (path, message) =>
          form.setError(path as Path<MaintenanceFormInput>, { type: 'server', message }),
        onForm: setFormError,
        fallback: 'The switch could not be made. Please try again.',
      });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={turningOn ? 'Take Referrals down for maintenance?' : 'Bring Referrals back?'}
      centered
      size="lg"
    >
      <FormProvider {...form}>
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={turningOn ? 'Switch maintenance on' : 'Switch maintenance off'}
        >
          <Stack gap="md">
            <Text size="sm" c="gray.7" lh={1.6}>
              {turningOn
                ? 'At once, on every server, everyone but the platform administrators sees the maintenance page, and the API and FHIR API answer their calls with 503 until you switch it off. Unsaved work on their screens is lost.'
                : 'At once, on every server, everyone can use Referrals again; the maintenance page takes its visitors back to where they were.'}
            </Text>
            {turningOn && (
              <>
                <TextareaField
                  name="message"
                  label="Note for the maintenance page (optional)"
                  description={`What people will read, e.g. what is being done. Up to ${String(MAINTENANCE_MESSAGE_MAX)} characters.`}
                  rows={3}
                  maxLength={MAINTENANCE_MESSAGE_MAX}
                />
                <TextField
                  name="expected_end"
                  label="Expected back by (optional)"
                  description="Your local date and time."
                  type="datetime-local"
                  min={localNow()}
                />
              </>
            )}
            <FormFooter
              submitLabel={turningOn ? 'Switch maintenance on' : 'Switch maintenance off'}
              saving={switchMaintenance.isPending}
              formError={formError}
              actions={
                <Button variant="default" onClick={close} data-autofocus>
                  Cancel
                </Button>
              }
            />
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
