import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

type FormFooterProps = {
  submitLabel: string;
  saving: boolean;
  formError?: string | null;
  /** Shown on the left in the wizard, to go back a page. */
  onBack?: () => void;
  /** Buttons before the submit button (Cancel, Delete). */
  actions?: ReactNode;
};

/** The buttons under a form, with a save error that belongs to no field above them. */
export function FormFooter({ submitLabel, saving, formError, onBack, actions }: FormFooterProps) {
  return (
    <Stack gap="sm">
      {formError != null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {formError}
        </Alert>
      )}
      <Group justify={onBack === undefined ? 'flex-end' : 'space-between'}>
        {onBack !== undefined && (
          <Button variant="default" onClick={onBack} disabled={saving}>
            Back
          </Button>
        )}
        <Group gap="sm">
          {actions}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
